// Settings › Backups: a fresh backup as a download (the browser shows its progress once it starts), and the
// automatic daily backups kept in DATA_DIR/backups (docs/operations.md).
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { adminPaths } from "~/lib/admin-paths";

export interface BackupRow {
  name: string;
  size: number;
  /** When it was made, as the studio says it ("21 Nov 2026, 03:00 CST"). */
  made: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const COLUMNS: Column<BackupRow>[] = [
  { header: "Made", cell: (b) => b.made },
  { header: "Size", className: "tabular-nums", cell: (b) => mb(b.size) },
  {
    header: "Download",
    hideHeader: true,
    className: "text-right",
    cell: (b) => (
      <a href={adminPaths.backup(b.name)} download className="underline underline-offset-4">
        Download<span className="sr-only"> the backup of {b.made}</span>
      </a>
    ),
  },
];

export function BackupsPanel({ backups, keep }: { backups: BackupRow[]; keep: number }) {
  const [ticket, setTicket] = useState("");
  const [status, setStatus] = useState("");
  const [seconds, setSeconds] = useState(0);

  // The server writes the archive before the download starts (its size must be known); the page shows how
  // long that has taken until the response's cookie says the download has begun.
  useEffect(() => {
    if (!ticket) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (document.cookie.split("; ").includes(`atelier-backup-started=${ticket}`)) {
        document.cookie = "atelier-backup-started=; Path=/admin; Max-Age=0";
        setTicket("");
        setStatus("Download started: your browser shows its progress.");
        return;
      }
      const elapsed = Math.round((Date.now() - started) / 1000);
      setSeconds(elapsed);
      if (elapsed >= 300) {
        setTicket("");
        setStatus("The backup is taking long. Check your downloads, or try again.");
      }
    }, 250);
    return () => clearInterval(timer);
  }, [ticket]);

  return (
    <Panel title="Backups" className="mt-5 p-4 md:p-6">
      <p className="text-muted mt-1 mb-4 max-w-prose text-sm">
        One file with the whole shop: every work, order, message and setting, and every original image. It holds your
        customers&apos; details and the shop&apos;s secret: keep it somewhere safe. Restore it with{" "}
        <code>npm run restore</code>.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={adminPaths.backup()}
          download
          aria-disabled={ticket !== "" || undefined}
          className={buttonClass("primary", "sm")}
          onClick={(event) => {
            event.preventDefault();
            if (ticket) return;
            const next = Math.random().toString(36).slice(2, 12).padEnd(8, "0");
            setSeconds(0);
            setStatus("");
            setTicket(next);
            // A hidden link of its own: the server's answer is a file, so the page stays.
            const link = document.createElement("a");
            link.href = adminPaths.freshBackup(next);
            link.download = "";
            document.body.append(link);
            link.click();
            link.remove();
          }}
        >
          Download a backup
        </a>
        <p role="status" className="text-muted text-sm">
          {ticket ? `Preparing the backup… ${seconds} s` : status}
        </p>
      </div>
      <h3 className="mt-6 mb-2 text-sm font-medium">Automatic backups</h3>
      {keep === 0 ? (
        <p className="text-muted text-sm">Off (BACKUP_KEEP=0).</p>
      ) : (
        <div className="max-w-xl">
          <DataTable
            caption="Automatic backups, newest first"
            columns={COLUMNS}
            rows={backups}
            rowKey={(b) => b.name}
            empty={`None yet: one is made every night at 03:00 UTC and the last ${keep} are kept.`}
          />
        </div>
      )}
    </Panel>
  );
}
