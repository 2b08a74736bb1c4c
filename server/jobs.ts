// Every background job the shop runs, in one list: a module exports its handlers and this names them. The
// server registers the list once at start (boot.ts); the integration harness does the same.
import { alertJobs } from "~/modules/alerts/alerts.server";
import { backupJobs } from "~/modules/backup/backups.server";
import { importSweepArea } from "~/modules/catalog/import/import.server";
import { certifiedImageHashes, drawCertificate } from "~/modules/certificates/certificates.server";
import { newsletterJobs } from "~/modules/inbox/newsletter.server";
import type { JobHandlers } from "~/modules/jobs/jobs.server";
import { mailJobs } from "~/modules/mail/mail.server";
import { mediaJobs } from "~/modules/media/media.server";
import { mediaSweepAreas, storageSweepJobs, type SweepArea } from "~/modules/media/sweep.server";
import { tileJobs } from "~/modules/media/tiles.server";
import { holdJobs } from "~/modules/shop/holds.server";
import { reservationJobs } from "~/modules/shop/order-actions.server";

/**
 * What the storage sweeper goes through, and who says which files are still someone's: the media folders (images'
 * rows, and the pictures certificates keep) and the import uploads. Every other folder (og/: sharing cards, a cache
 * with no record) is left alone.
 */
export const STORAGE_SWEEP_AREAS: SweepArea[] = [...mediaSweepAreas([certifiedImageHashes]), importSweepArea];

export const JOB_HANDLERS: JobHandlers = {
  ...mailJobs({ certificate: drawCertificate }), // mail.deliver: the outbox, and what draws its attachments
  ...reservationJobs, // a checkout's reservation lapses
  ...holdJobs, // a hold lapses
  ...alertJobs, // "Notify me" mails
  ...newsletterJobs, // a newsletter issue, in batches
  ...mediaJobs, // image variants
  ...tileJobs, // deep-zoom tiles, and their backfill
  ...backupJobs, // the daily backup
  ...storageSweepJobs(STORAGE_SWEEP_AREAS), // the daily sweep of files no record refers to
};
