// POST /admin/certificates: the certificate forms of the artwork and order pages (issue on demand, issue an
// order's missing certificates, revoke with a reason). Answers an ActionResult: { ok, message } or a refusal.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/certificates";
import type { ActionResult } from "~/lib/action-result";
import { requireAdmin } from "~/modules/auth/session.server";
import { REVOKE_REASON_MAX } from "~/modules/certificates/certificate-rules";
import {
  CertificateError,
  issueForArtwork,
  issueForOrder,
  revokeCertificate,
} from "~/modules/certificates/certificates.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";
import { getOrder } from "~/modules/shop/orders.server";

const CertificateIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("issue-artwork"), artworkId: z.uuid() }),
  z.object({ intent: z.literal("issue-order"), orderId: z.uuid() }),
  z.object({
    intent: z.literal("revoke"),
    certificateId: z.uuid(),
    reason: z
      .string()
      .trim()
      .min(3, "Say why the certificate is revoked (kept in the records, never shown publicly).")
      .max(REVOKE_REASON_MAX, `Keep the reason under ${REVOKE_REASON_MAX} characters.`),
  }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data("Certificates are issued and revoked from the artwork and order pages.", {
    status: 405,
    headers: { allow: "POST" },
  });
}

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, CertificateIntent);
  if (!submission.ok) {
    // A missing reason is said beside the field (and as the panel's notice); anything else was no form of ours.
    const reason = submission.failure.fieldErrors?.reason;
    return refuse(reason ? { ...submission.failure, error: reason } : NOT_UNDERSTOOD);
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "issue-artwork": {
        const { certificate, created } = await issueForArtwork(input.artworkId);
        return {
          ok: true,
          message: created
            ? `Certificate ${certificate.number} issued.`
            : `This work already has a live certificate, ${certificate.number}.`,
        };
      }
      case "issue-order": {
        const order = await getOrder(input.orderId);
        if (!order) return refuse("That order does not exist.", 404);
        const { issued } = await issueForOrder(order);
        return {
          ok: true,
          message:
            issued === 0
              ? "Every work of this order already has a live certificate."
              : `${issued} certificate${issued === 1 ? "" : "s"} issued.`,
        };
      }
      case "revoke": {
        const certificate = await revokeCertificate(input.certificateId, input.reason);
        return { ok: true, message: `Certificate ${certificate.number} revoked.` };
      }
    }
  } catch (error) {
    if (error instanceof CertificateError) return refuse(error.message, error.code === "not-found" ? 404 : 409);
    throw error;
  }
}
