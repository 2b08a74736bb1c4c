// POST /admin/artworks/:id/provenance: the provenance forms of the artwork edit page (show it on the artwork
// page or not, add an entry of the artist's own, remove one). Answers { ok, message } or { ok: false, error,
// fieldErrors }; the edit page's loader then reads the timeline again.
import { data } from "react-router";
import type { Route } from "./+types/artwork-provenance";
import { requireAdmin } from "~/modules/auth/session.server";
import { getAdminArtwork } from "~/modules/catalog/admin-catalog.server";
import { ProvenanceIntent, type ProvenanceActionResult } from "~/modules/provenance/provenance-rules";
import { addProvenanceEntry, removeProvenanceEntry, setProvenancePublic } from "~/modules/provenance/provenance.server";
import { fieldErrorsOf, readFormData } from "~/modules/security/form-data.server";
import { isUuid } from "~/lib/uuid";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data("Provenance is changed from the artwork's edit page.", { status: 405 });
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const artwork = isUuid(params.id) ? await getAdminArtwork(params.id) : undefined;
  if (!artwork) return data<ProvenanceActionResult>({ ok: false, error: "That work does not exist." }, 404);
  const form = Object.fromEntries(
    [...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const parsed = ProvenanceIntent.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    delete fieldErrors.intent;
    return data<ProvenanceActionResult>(
      Object.keys(fieldErrors).length > 0
        ? { ok: false, error: "Check the entry.", fieldErrors }
        : { ok: false, error: "That request was not understood." },
      400,
    );
  }
  const input = parsed.data;
  switch (input.intent) {
    case "visibility": {
      const show = input.value === "true";
      await setProvenancePublic(artwork.id, show);
      return data<ProvenanceActionResult>({
        ok: true,
        intent: input.intent,
        message: show ? "Provenance is shown on the artwork page." : "Provenance is hidden from the artwork page.",
      });
    }
    case "add-entry": {
      const { intent, ...entry } = input;
      await addProvenanceEntry(artwork.id, entry);
      return data<ProvenanceActionResult>({ ok: true, intent, message: "Entry added." });
    }
    case "remove-entry": {
      const removed = await removeProvenanceEntry(artwork.id, input.entryId);
      return removed
        ? data<ProvenanceActionResult>({ ok: true, intent: input.intent, message: "Entry removed." })
        : data<ProvenanceActionResult>({ ok: false, error: "That entry is already gone." }, 404);
    }
  }
}
