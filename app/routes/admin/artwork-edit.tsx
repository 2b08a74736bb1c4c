// Edit an artwork (/admin/artworks/:id/edit): every field, its address (slug), a new picture; delete, archive
// or restore. Changes of availability and featured are logged like those made in bulk.
import { ArrowLeft, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/artwork-edit";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { ArtworkFields } from "~/components/admin/artwork-fields";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { DeleteArtworkDialog } from "~/components/admin/delete-artwork-dialog";
import { TextField } from "~/components/admin/field";
import { ImageReplacer } from "~/components/admin/image-replacer";
import { adminButton, adminCard } from "~/components/admin/ui";
import { notify } from "~/components/site/toast-host";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { isAvailability } from "~/lib/availability";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import { findImage, getAdminArtwork, replaceArtworkImage, updateArtwork } from "~/modules/catalog/admin-catalog.server";
import { centsToInput, parseArtworkForm, type FieldErrors } from "~/modules/catalog/artwork-input";
import { adminCertificateView, certificatesForArtwork } from "~/modules/certificates/certificates.server";
import { getSettings } from "~/modules/settings/settings.server";
import { CertificatesPanel } from "~/components/admin/certificates-panel";
import { readFormData } from "~/modules/security/form-data.server";
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
      created: formatDateTime(artwork.createdAt),
      updated: formatDateTime(artwork.updatedAt),
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

const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter an address.")
  .max(100, "Keep the address under 100 characters.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens.");

export async function action({ request, params }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const artwork = await loadArtwork(params.id);
  const form = await readFormData(request);
  const parsed = parseArtworkForm(form);
  const slug = Slug.safeParse(form.get("slug") ?? "");
  const typed = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  if (!parsed.ok || !slug.success) {
    const errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...(slug.success ? {} : { slug: slug.error.issues[0]?.message }),
    };
    return data({ ok: false as const, errors, typed }, 400);
  }
  const imageId = form.get("imageId");
  const image = typeof imageId === "string" && isUuid(imageId) ? await findImage(imageId) : undefined;
  if (imageId && !image) {
    const errors: FieldErrors = { image: "The new picture is missing. Upload it again." };
    return data({ ok: false as const, errors, typed }, 400);
  }
  const result = await updateArtwork(
    artwork.id,
    { ...parsed.values, slug: slug.data },
    { id: context.user.id, name: displayName(context) },
  );
  if (!result.ok) {
    if ("missing" in result) throw data({ message: "No such artwork." }, { status: 404 });
    const errors: FieldErrors = { slug: result.message };
    return data({ ok: false as const, errors, typed }, 400);
  }
  if (image) await replaceArtworkImage(artwork.id, image);
  return { ok: true as const, savedAt: Date.now() };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.artwork.title}` : "Edit artwork");

export default function EditArtwork({ loaderData, actionData }: Route.ComponentProps) {
  const { artwork } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const saving = navigation.state === "submitting" && navigation.formAction?.endsWith("/edit");
  const remover = useFetcher<{ ok: boolean; removed?: string }>({ key: `remove:${artwork.id}` });
  const errors: FieldErrors = actionData && !actionData.ok ? actionData.errors : {};
  const typed = actionData && !actionData.ok ? actionData.typed : undefined;
  const values = typed
    ? {
        ...loaderData.values,
        ...typed,
        featured: typed.featured === "on",
        availability: isAvailability(typed.availability) ? typed.availability : loaderData.values.availability,
      }
    : loaderData.values;
  // The form remounts with the saved values after a save (and keeps what was typed after a refusal).
  const formKey = actionData?.ok ? actionData.savedAt : "form";

  useEffect(() => {
    if (actionData?.ok) notify((t) => t.success("Saved."));
  }, [actionData]);

  useEffect(() => {
    if (remover.state === "idle" && remover.data?.ok && remover.data.removed === "deleted") {
      void navigate(adminPaths.artworks(), { replace: true });
    }
  }, [remover.state, remover.data, navigate]);

  return (
    <>
      <Link
        to={adminPaths.artworks()}
        className="text-muted hover:text-ink mb-3 inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft aria-hidden className="size-4" /> Artwork Management
      </Link>
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
              <Link to={paths.artwork(artwork.id)} className={adminButton.secondary} target="_blank" rel="noreferrer">
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
      <Form method="post" key={formKey} className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <section aria-label="Picture" className={`${adminCard} self-start p-4`}>
          <ImageReplacer image={artwork.image} title={artwork.title} error={errors.image} />
        </section>
        <section aria-label="Details" className={`${adminCard} p-4 md:p-6`}>
          <ArtworkFields values={values} errors={errors} />
          <TextField
            label="Address"
            name="slug"
            defaultValue={typed?.slug ?? artwork.slug}
            error={errors.slug}
            hint={`/artwork/${artwork.slug} leads to this work`}
            className="mt-4 md:max-w-md"
          />
          <div className="border-line mt-6 flex justify-end gap-2 border-t pt-4">
            <Link to={adminPaths.artworks()} className={adminButton.ghost}>
              Cancel
            </Link>
            <button type="submit" className={adminButton.primary} disabled={saving}>
              {saving ? "Saving…" : "Save changes"}
            </button>
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
