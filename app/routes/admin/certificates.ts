// POST /admin/certificates: the certificate forms of the artwork and order pages (issue on demand, issue an
// order's missing certificates, revoke with a reason). Answers { ok, message } or { ok: false, error }.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/certificates";
import { requireAdmin } from "~/modules/auth/session.server";
import { REVOKE_REASON_MAX } from "~/modules/certificates/certificate-rules";
import {
  CertificateError,
  issueForArtwork,
  issueForOrder,
  revokeCertificate,
} from "~/modules/certificates/certificates.server";
import { readFormData } from "~/modules/security/form-data.server";
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

export type CertificateActionResult =
  { ok: true; message: string } | { ok: false; error: string; fieldErrors?: { reason?: string } };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data("Certificates are issued and revoked from the artwork and order pages.", { status: 405 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = Object.fromEntries(
    [...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const parsed = CertificateIntent.safeParse(form);
  if (!parsed.success) {
    const reason = parsed.error.issues.find((i) => i.path[0] === "reason")?.message;
    return data<CertificateActionResult>(
      reason
        ? { ok: false, error: reason, fieldErrors: { reason } }
        : { ok: false, error: "That request was not understood." },
      400,
    );
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "issue-artwork": {
        const { certificate, created } = await issueForArtwork(input.artworkId);
        return data<CertificateActionResult>({
          ok: true,
          message: created
            ? `Certificate ${certificate.number} issued.`
            : `This work already has a live certificate, ${certificate.number}.`,
        });
      }
      case "issue-order": {
        const order = await getOrder(input.orderId);
        if (!order) return data<CertificateActionResult>({ ok: false, error: "That order does not exist." }, 404);
        const { issued } = await issueForOrder(order);
        return data<CertificateActionResult>({
          ok: true,
          message:
            issued === 0
              ? "Every work of this order already has a live certificate."
              : `${issued} certificate${issued === 1 ? "" : "s"} issued.`,
        });
      }
      case "revoke": {
        const certificate = await revokeCertificate(input.certificateId, input.reason);
        return data<CertificateActionResult>({ ok: true, message: `Certificate ${certificate.number} revoked.` });
      }
    }
  } catch (error) {
    if (error instanceof CertificateError) {
      return data<CertificateActionResult>({ ok: false, error: error.message }, error.code === "not-found" ? 404 : 409);
    }
    throw error;
  }
}
