// One homepage section in the Homepage Editor: its handle, name and state, the published and active
// switches, and (opened) its form generated from the section's content type.
import { ChevronDown, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import type { FieldSpec } from "~/modules/content/section-form";
import { GeneratedFields } from "./generated-form";
import type { PickedImage } from "./media-picker";
import { SaveStatus, useSaveStatus } from "./save-status";
import { FetcherSwitch } from "./switch";

export const SECTION_LABELS: Record<string, string> = {
  hero: "Hero",
  featured_artworks: "Featured artworks",
  artist_statement: "Artist statement",
  process: "Process",
};

export interface EditorSection {
  id: string;
  type: string;
  /** The content being edited: the draft when there is one, else the published content. */
  values: Record<string, unknown>;
  hasDraft: boolean;
  isPublished: boolean;
  isActive: boolean;
  /** Shown and published: what visitors see. */
  live: boolean;
}

export function SectionCard({
  section,
  fields,
  images,
  handle,
  shadowed,
}: {
  section: EditorSection;
  fields: FieldSpec[];
  images: Record<string, PickedImage>;
  handle: ReactNode;
  /** Another section of the same type comes first: the home page shows only the first. */
  shadowed: boolean;
}) {
  const [open, setOpen] = useState(false);
  const save = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  const status = useSaveStatus(save);
  const { fieldErrors: errors } = formState(save.data);
  const label = SECTION_LABELS[section.type] ?? section.type;
  const title = typeof section.values.title === "string" && section.values.title ? section.values.title : undefined;
  const stateId = `section-${section.id}-state`;
  const mode = save.formData?.get("mode");
  return (
    <article aria-label={`${label} section`} className={`${cardClass} ${remove.state !== "idle" ? "opacity-50" : ""}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
        {handle}
        <div className="min-w-0 flex-1">
          <h2 className="font-serif text-lg leading-tight">{label}</h2>
          <p id={stateId} className="text-muted truncate text-xs">
            {[
              title ? `“${title}”` : null,
              section.live ? "Shown on the home page" : "Not shown",
              section.hasDraft ? "Unpublished changes" : null,
              shadowed ? `An earlier ${label.toLowerCase()} section is shown instead` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {(
            [
              ["Published", "isPublished"],
              ["Active", "isActive"],
            ] as const
          ).map(([flagLabel, field]) => (
            <FetcherSwitch
              key={field}
              label={flagLabel}
              name="value"
              checked={section[field]}
              hidden={{ intent: "flag", id: section.id, field }}
              describedBy={stateId}
            />
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={`section-${section.id}-form`}
            onClick={() => setOpen((o) => !o)}
          >
            Edit {label.toLowerCase()}
            <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
          </Button>
        </div>
      </div>
      <div id={`section-${section.id}-form`} hidden={!open} className="border-line border-t p-4">
        <save.Form method="post" action={adminPaths.homepage()} noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={section.id} />
          <GeneratedFields
            fields={fields}
            values={section.values}
            errors={errors}
            images={images}
            idPrefix={section.id}
          />
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <Button type="submit" name="mode" value="publish" size="sm" disabled={save.state !== "idle"}>
              {mode === "publish" ? "Publishing…" : "Publish"}
            </Button>
            <Button
              type="submit"
              name="mode"
              value="draft"
              variant="secondary"
              size="sm"
              disabled={save.state !== "idle"}
            >
              {mode === "draft" ? "Saving…" : "Save draft"}
            </Button>
            {section.hasDraft ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={save.state !== "idle"}
                onClick={() =>
                  void save.submit(
                    { intent: "discard", id: section.id },
                    { method: "post", action: adminPaths.homepage() },
                  )
                }
              >
                Discard draft
              </Button>
            ) : null}
            <SaveStatus status={status} />
            <span className="ml-auto">
              <DeleteSection
                label={label}
                onConfirm={() =>
                  void remove.submit(
                    { intent: "delete", id: section.id },
                    { method: "post", action: adminPaths.homepage() },
                  )
                }
              />
            </span>
          </div>
        </save.Form>
      </div>
    </article>
  );
}

function DeleteSection({ label, onConfirm }: { label: string; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="dangerOutline" size="sm">
          <Trash2 aria-hidden className="size-4" /> Delete section
        </Button>
      }
      title={`Delete this ${label.toLowerCase()} section?`}
      description="Its content is removed for good. To hide it for a while, switch it off (Active) instead."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
