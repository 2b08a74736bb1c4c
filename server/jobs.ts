// Every background job the shop runs, in one list: a module exports its handlers and this names them. The
// server registers the list once at start (boot.ts); the integration harness does the same.
import { alertJobs } from "~/modules/alerts/alerts.server";
import { backupJobs } from "~/modules/backup/backups.server";
import { drawCertificate } from "~/modules/certificates/certificates.server";
import { newsletterJobs } from "~/modules/inbox/newsletter.server";
import type { JobHandlers } from "~/modules/jobs/jobs.server";
import { mailJobs } from "~/modules/mail/mail.server";
import { mediaJobs } from "~/modules/media/media.server";
import { tileJobs } from "~/modules/media/tiles.server";
import { holdJobs } from "~/modules/shop/holds.server";
import { reservationJobs } from "~/modules/shop/order-actions.server";

export const JOB_HANDLERS: JobHandlers = {
  ...mailJobs({ certificate: drawCertificate }), // mail.deliver: the outbox, and what draws its attachments
  ...reservationJobs, // a checkout's reservation lapses
  ...holdJobs, // a hold lapses
  ...alertJobs, // "Notify me" mails
  ...newsletterJobs, // a newsletter issue, in batches
  ...mediaJobs, // image variants
  ...tileJobs, // deep-zoom tiles, and their backfill
  ...backupJobs, // the daily backup
};
