// An exhibition's form, new or existing: title, venue, place, dates (the end not before the start), kind,
// description, link, the works shown (picked from the catalogue) and whether the About page shows it.
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/exhibition-edit";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { SelectField, TextAreaField, TextField } from "~/components/form/field";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { fieldErrors } from "~/modules/catalog/artwork-input";
import { listArtworkTitles } from "~/modules/catalog/catalog.server";
import { EXHIBITION_TYPE_LABELS, ExhibitionSchema, exhibitionFormValues } from "~/modules/exhibitions/exhibition-rules";
import { createExhibition, getExhibition, updateExhibition } from "~/modules/exhibitions/exhibitions.server";
import { readFormData } from "~/modules/security/form-data.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.exhibition ? `Edit ${loaderData.exhibition.title}` : "New exhibition");

async function load(id: string | undefined) {
  if (id === undefined) return undefined;
  const exhibition = isUuid(id) ? await getExhibition(id) : undefined;
  if (!exhibition) throw data("Exhibition not found", { status: 404 });
  return exhibition;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [exhibition, artworks] = await Promise.all([load(params.id), listArtworkTitles()]);
  return {
    exhibition: exhibition
      ? {
          id: exhibition.id,
          title: exhibition.title,
          venue: exhibition.venue,
          city: exhibition.city,
          country: exhibition.country,
          startDate: exhibition.startDate,
          endDate: exhibition.endDate,
          type: exhibition.type,
          description: exhibition.description,
          link: exhibition.link ?? "",
          published: exhibition.published,
          artworkIds: exhibition.artworkIds,
        }
      : null,
    artworks: artworks.map((a) => ({ id: a.id, label: a.year ? `${a.title} (${a.year})` : a.title })),
  };
}

interface Failed {
  errors: Partial<Record<string, string>>;
  typed: Record<string, unknown>;
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const existing = await load(params.id);
  const raw = exhibitionFormValues(await readFormData(request));
  const parsed = ExhibitionSchema.safeParse(raw);
  if (!parsed.success) {
    // "artworkIds.3" and the like are one field on the form.
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k.startsWith("artworkIds") ? "artworkIds" : k, v]),
    );
    return data<Failed>({ errors, typed: raw }, { status: 400 });
  }
  if (existing) {
    const saved = await updateExhibition(existing.id, parsed.data);
    if (!saved) throw data("Exhibition not found", { status: 404 });
  } else await createExhibition(parsed.data);
  return redirect(adminPaths.exhibitions());
}

const TYPE_OPTIONS = Object.entries(EXHIBITION_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { exhibition, artworks } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const typed = actionData?.typed;
  const value = (name: keyof NonNullable<typeof exhibition>): string => {
    if (typed) return typeof typed[name] === "string" ? typed[name] : "";
    const v = exhibition?.[name];
    return typeof v === "string" ? v : "";
  };
  const chosen = new Set<string>(
    typed ? (Array.isArray(typed.artworkIds) ? (typed.artworkIds as string[]) : []) : (exhibition?.artworkIds ?? []),
  );
  const published = typed ? typed.published === true : (exhibition?.published ?? false);
  const errorCount = Object.keys(errors).length;
  return (
    <>
      <AdminPageHeader
        title={exhibition ? `Edit “${exhibition.title}”` : "New exhibition"}
        actions={
          <Link to={adminPaths.exhibitions()} className="text-ink-soft text-sm underline-offset-4 hover:underline">
            All exhibitions
          </Link>
        }
      />
      {errorCount > 0 ? (
        <p role="alert" className="border-destructive text-destructive mb-6 border-l-2 pl-4">
          {errorCount === 1 ? "One field needs attention." : `${errorCount} fields need attention.`}
        </p>
      ) : null}
      <Form method="post" noValidate className="max-w-3xl space-y-6" aria-label="Exhibition">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="title" label="Title" required defaultValue={value("title")} error={errors.title} />
          <SelectField
            name="type"
            label="Kind"
            options={TYPE_OPTIONS}
            defaultValue={value("type") || "solo"}
            error={errors.type}
          />
          <TextField name="venue" label="Venue" required defaultValue={value("venue")} error={errors.venue} />
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <TextField name="city" label="City" optional defaultValue={value("city")} error={errors.city} />
            <TextField
              name="country"
              label="Country"
              optional
              hint="e.g. US"
              maxLength={2}
              defaultValue={value("country")}
              error={errors.country}
            />
          </div>
          <TextField
            name="startDate"
            label="Start date"
            type="date"
            required
            defaultValue={value("startDate")}
            error={errors.startDate}
          />
          <TextField
            name="endDate"
            label="End date"
            type="date"
            required
            defaultValue={value("endDate")}
            error={errors.endDate}
          />
        </div>
        <TextAreaField
          name="description"
          label="Description"
          optional
          rows={4}
          defaultValue={value("description")}
          error={errors.description}
        />
        <TextField
          name="link"
          label="Link"
          optional
          type="url"
          hint="The venue's or the exhibition's page"
          defaultValue={value("link")}
          error={errors.link}
        />
        <fieldset>
          <legend className="text-ink mb-2 block text-sm font-medium">
            Works shown <span className="text-muted font-normal">(optional)</span>
          </legend>
          {artworks.length === 0 ? (
            <p className="text-muted text-sm">The catalogue has no works yet.</p>
          ) : (
            <div className="border-line grid max-h-72 gap-1 overflow-y-auto rounded-md border bg-white p-3 sm:grid-cols-2">
              {artworks.map((a) => (
                <label key={a.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="artworkIds"
                    value={a.id}
                    defaultChecked={chosen.has(a.id)}
                    className="accent-ink"
                  />
                  {a.label}
                </label>
              ))}
            </div>
          )}
          {errors.artworkIds ? <p className="text-destructive mt-1 text-sm">{errors.artworkIds}</p> : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="published" defaultChecked={published} className="accent-ink" />
          Published: show it on the About page
        </label>
        <button
          type="submit"
          disabled={busy}
          className="bg-ink text-paper rounded-full px-6 py-2.5 text-sm disabled:opacity-60"
        >
          {exhibition ? "Save exhibition" : "Create exhibition"}
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
