// Edit an artwork (/admin/artworks/:id/edit): every field, its address (slug), a new picture; delete, archive
// or restore. Changes of availability and featured are logged like those made in bulk.
import { ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useFetcher, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/artwork-edit";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, BackLink } from "~/components/admin/admin-page";
import { ArtworkFields } from "~/components/admin/artwork-fields";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { DeleteArtworkDialog } from "~/components/admin/delete-artwork-dialog";
import { ImageReplacer } from "~/components/admin/image-replacer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formState, type ActionResult } from "~/lib/action-result";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { AVAILABILITY_VALUES, isAvailability } from "~/lib/availability";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import { findImage, getAdminArtwork, replaceArtworkImage, updateArtwork } from "~/modules/catalog/admin-catalog.server";
import { ArtworkInput, centsToInput } from "~/modules/catalog/artwork-input";
import { adminCertificateView, certificatesForArtwork } from "~/modules/certificates/certificates.server";
import { getSettings } from "~/modules/settings/settings.server";
import { CertificatesPanel } from "~/components/admin/certificates-panel";
import { FIELDS_NEED_ATTENTION, readSubmission, refuse, typedValues } from "~/modules/forms/submission.server";
import { ProvenancePanel } from "~/components/admin/provenance-panel";
import { studioToday } from "~/modules/exhibitions/exhibitions.server";
import { provenanceLine } from "~/modules/provenance/provenance-rules";
import { adminProvenance } from "~/modules/provenance/provenance.server";

async function loadArtwork(id: string) {
  const artwork = isUuid(id) ? await getAdminArtwork(id) : undefined;
  if (!artwork) throw data({ message: "No such artwork." }, { status: 404 });
  return artwork;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const artwork = await loadArtwork(params.id);
  const [certificates, settings, provenance, today] = await Promise.all([
    certificatesForArtwork(artwork.id),
    getSettings(),
    adminProvenance(artwork),
    studioToday(),
  ]);
  return {
    certificates: certificates.map((c) => adminCertificateView(c, settings.shop.timeZone)),
    provenance: {
      isPublic: provenance.isPublic,
      rows: provenance.timeline.map((entry) => ({ entry, line: provenanceLine(entry) })),
      today,
    },
    artwork: {
      id: artwork.id,
      slug: artwork.slug,
      title: artwork.title,
      availability: artwork.availability,
      archived: artwork.archivedAt !== null,
      image: artwork.image,
      created: formatShortDateTime(artwork.createdAt, settings.shop.timeZone),
      updated: formatShortDateTime(artwork.updatedAt, settings.shop.timeZone),
      /** Changes with every save: the form is drawn afresh from the values read with it. */
      version: artwork.updatedAt.toISOString(),
    },
    values: {
      title: artwork.title,
      description: artwork.description,
      medium: artwork.medium,
      year: artwork.year === null ? "" : String(artwork.year),
      size: artwork.size,
      price: centsToInput(artwork.priceCents),
      availability: artwork.availability,
      featured: artwork.isFeatured,
      quantity: String(artwork.quantity),
    },
  };
}

const ArtworkEdit = ArtworkInput.extend({
  slug: z
    .string({ message: "Enter an address." })
    .trim()
    .toLowerCase()
    .min(1, "Enter an address.")
    .max(100, "Keep the address under 100 characters.")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens."),
  // What the page showed of the stock when it was opened (updateArtwork merges the two).
  seenAvailability: z.enum(AVAILABILITY_VALUES).optional(),
  seenQuantity: z.coerce.number().int().min(0).optional(),
});

export async function action({ request, params }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const artwork = await loadArtwork(params.id);
  const submission = await readSubmission(request, ArtworkEdit);
  if (!submission.ok) return refuse(submission.failure);
  const values = typedValues(submission.form);
  const imageId = submission.form.get("imageId");
  const image = typeof imageId === "string" && isUuid(imageId) ? await findImage(imageId) : undefined;
  if (imageId && !image) {
    const missing = "The new picture is missing. Upload it again.";
    return refuse({ ok: false, error: FIELDS_NEED_ATTENTION, fieldErrors: { image: missing }, values });
  }
  const result = await updateArtwork(artwork.id, submission.value, { id: context.user.id, name: displayName(context) });
  if (!result.ok) {
    if (!result.fieldErrors) return refuse(result, 404);
    // 409 when the stock moved since the page was opened, or the shop keeps the work for a buyer: the page reads
    // it again (shouldRevalidate).
    // The form then shows the stock as it is now (what was typed stays for every other field).
    const moved = "availability" in result.fieldErrors || "quantity" in result.fieldErrors;
    if (!moved) return refuse({ ...result, values });
    const { availability: _availability, quantity: _quantity, ...rest } = values;
    return refuse({ ...result, values: rest }, 409);
  }
  if (image) await replaceArtworkImage(artwork.id, image);
  return { ok: true as const, message: "Saved." };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not save the artwork");
}

/**
 * A work deleted from its own page is gone: the page goes to the list instead of reading the work again. A save
 * refused because the stock moved meanwhile (409) reads it again, so the page shows it and a second save is taken.
 */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as { removed?: string } | undefined)?.removed === "deleted") return false;
  return actionStatus === 409 || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.artwork.title}` : "Edit artwork");

export default function EditArtwork({ loaderData, actionData }: Route.ComponentProps) {
  const { artwork } = loaderData;
  const navigate = useNavigate();
  const remover = useFetcher<ActionResult<{ removed?: string }>>({ key: `remove:${artwork.id}` });
  const { fieldErrors: errors, values: typed, field } = formState(actionData);
  const refused = actionData?.ok === false;
  const values = refused
    ? {
        ...loaderData.values,
        ...typed,
        featured: typed.featured === "on",
        availability: isAvailability(typed.availability) ? typed.availability : loaderData.values.availability,
      }
    : loaderData.values;
  // Drawn afresh from the values read after each save or move of its stock (an order, a hold); a refusal keeps what
  // was typed, but for stock that moved meanwhile (shown as it is now).
  const formKey = `${artwork.version}:${loaderData.values.availability}:${loaderData.values.quantity}`;

  useEffect(() => {
    if (remover.state === "idle" && remover.data?.ok && remover.data.removed === "deleted") {
      void navigate(adminPaths.artworks(), { replace: true });
    }
  }, [remover.state, remover.data, navigate]);

  return (
    <>
      <BackLink to={adminPaths.artworks()}>All works</BackLink>
      <AdminPageHeader
        title={artwork.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <AvailabilityBadge availability={artwork.availability} />
            {artwork.archived ? <span className="text-destructive">Archived: hidden from the site.</span> : null}
            <span>
              Added {artwork.created} · last changed {artwork.updated}
            </span>
          </span>
        }
        actions={
          <>
            {!artwork.archived ? (
              <Link
                to={paths.artwork(artwork.id)}
                className={buttonClass("secondary", "sm")}
                target="_blank"
                rel="noreferrer"
              >
                <ExternalLink aria-hidden className="size-4" /> View on the site
              </Link>
            ) : null}
            <DeleteArtworkDialog
              id={artwork.id}
              title={artwork.title}
              archived={artwork.archived}
              fetcher={remover}
              variant="button"
            />
          </>
        }
      />
      <Form method="post" key={formKey} noValidate className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <section aria-label="Picture" className={`${cardClass} self-start p-4`}>
          <ImageReplacer image={artwork.image} title={artwork.title} error={errors.image} />
        </section>
        <section aria-label="Details" className={`${cardClass} p-4 md:p-6`}>
          <input type="hidden" name="seenAvailability" value={loaderData.values.availability} />
          <input type="hidden" name="seenQuantity" value={loaderData.values.quantity} />
          <ArtworkFields values={values} errors={errors} />
          <TextField
            label="Address"
            {...field("slug", artwork.slug)}
            hint={`/artwork/${artwork.slug} leads to this work`}
            className="mt-4 md:max-w-md"
          />
          <div className="border-line mt-6 flex justify-end gap-2 border-t pt-4">
            <Link to={adminPaths.artworks()} className={buttonClass("ghost", "sm")}>
              Cancel
            </Link>
            <SubmitButton size="sm" busyLabel="Saving…">
              Save changes
            </SubmitButton>
          </div>
        </section>
      </Form>
      <div className="mt-6">
        <CertificatesPanel
          certificates={loaderData.certificates}
          issue={{ label: "Issue certificate", fields: { intent: "issue-artwork", artworkId: artwork.id } }}
          showTitles={false}
          note="Issued for every piece sold in the shop when its order is paid; issue one here for any other work."
        />
      </div>
      <div className="mt-6">
        <ProvenancePanel
          artworkId={artwork.id}
          isPublic={loaderData.provenance.isPublic}
          rows={loaderData.provenance.rows}
          today={loaderData.provenance.today}
        />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
