// POST /admin/artworks/:id/provenance: the provenance forms of the artwork edit page (show it on the artwork
// page or not, add an entry of the artist's own, remove one). Answers an ActionResult; the edit page's loader
// then reads the timeline again.
import { data } from "react-router";
import type { Route } from "./+types/artwork-provenance";
import type { ActionResult } from "~/lib/action-result";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { getAdminArtwork } from "~/modules/catalog/admin-catalog.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";
import { ProvenanceIntent } from "~/modules/provenance/provenance-rules";
import { addProvenanceEntry, removeProvenanceEntry, setProvenancePublic } from "~/modules/provenance/provenance.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data("Provenance is changed from the artwork's edit page.", { status: 405, headers: { allow: "POST" } });
}

export async function action({ request, params }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const artwork = isUuid(params.id) ? await getAdminArtwork(params.id) : undefined;
  if (!artwork) return refuse("That work does not exist.", 404);
  const submission = await readSubmission(request, ProvenanceIntent, { error: "Check the entry." });
  if (!submission.ok) {
    // An entry's fields are named beside them; a request without a known intent is no one's typing.
    const fieldErrors = { ...submission.failure.fieldErrors };
    delete fieldErrors.intent;
    return refuse(Object.keys(fieldErrors).length > 0 ? { ...submission.failure, fieldErrors } : NOT_UNDERSTOOD);
  }
  const input = submission.value;
  switch (input.intent) {
    case "visibility": {
      const show = input.value === "true";
      await setProvenancePublic(artwork.id, show);
      return {
        ok: true,
        intent: input.intent,
        message: show ? "Provenance is shown on the artwork page." : "Provenance is hidden from the artwork page.",
      };
    }
    case "add-entry": {
      const { intent, ...entry } = input;
      await addProvenanceEntry(artwork.id, entry);
      return { ok: true, intent, message: "Entry added." };
    }
    case "remove-entry": {
      const removed = await removeProvenanceEntry(artwork.id, input.entryId);
      return removed
        ? { ok: true, intent: input.intent, message: "Entry removed." }
        : refuse("That entry is already gone.", 404);
    }
  }
}
