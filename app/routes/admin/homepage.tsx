// Homepage Editor (/admin/homepage): every section of spec §3 with a form generated from its content type,
// drafts previewed on the real home page before publishing, the published and active switches, and drag to
// reorder (section_order). Switches and order are optimistic: shown at once, restored if the server refuses.
import { Eye, Plus } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { DeleteIntent, flagIntent, ReorderIntent } from "~/components/admin/list-intents";
import type { Route } from "./+types/homepage";
import { reportAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/lib/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { SECTION_LABELS, SectionCard } from "~/components/admin/content/section-card";
import { queuedCardChanges, useQueuedCards } from "~/components/admin/queued-cards";
import { SortableList } from "~/components/ui/sortable-list";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { adminPaths } from "~/lib/admin-paths";
import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  addSection,
  deleteSection,
  discardDraft,
  listSectionsForAdmin,
  reorderSections,
  saveSection,
  SECTION_TYPES,
  SectionError,
  setSectionFlags,
} from "~/modules/content/homepage-admin.server";
import { describeSection, formToContent } from "~/modules/content/section-form";
import { findImagesByReference, toImageAsset } from "~/modules/media/media.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sections = await listSectionsForAdmin();
  const hashes = sections.flatMap((s) => {
    const image = (s.draftContent ?? s.content).backgroundImage;
    return typeof image === "string" && image ? [image] : [];
  });
  const found = await findImagesByReference(hashes);
  const images = Object.fromEntries(
    [...found.values()].map((a) => [a.hash, { id: a.id, originalName: a.originalName, ...toImageAsset(a) }]),
  );
  return {
    sections: sections.map((s) => ({
      id: s.id,
      type: s.sectionType,
      values: s.draftContent ?? s.content,
      hasDraft: s.draftContent !== null,
      isPublished: s.isPublished,
      isActive: s.isActive,
    })),
    forms: Object.fromEntries(SECTION_TYPES.map((type) => [type, describeSection(type)])),
    images,
  };
}

const Id = z.uuid();
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), type: z.enum(SECTION_TYPES) }),
  z.object({ intent: z.literal("save"), id: Id, mode: z.enum(["draft", "publish"]) }),
  z.object({ intent: z.literal("discard"), id: Id }),
  flagIntent(["isPublished", "isActive"]),
  ReorderIntent,
  DeleteIntent,
]);

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, Intent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "add": {
        await addSection(input.type);
        return { ok: true, message: `${SECTION_LABELS[input.type]} section added, unpublished.` };
      }
      case "save": {
        const section = (await listSectionsForAdmin()).find((s) => s.id === input.id);
        if (!section) return refuse("This section no longer exists.", 404);
        const content = formToContent(submission.form, describeSection(section.sectionType));
        await saveSection(input.id, content, input.mode);
        return {
          ok: true,
          message:
            input.mode === "publish" ? "Published: the home page shows it now." : "Draft saved. See it in the preview.",
        };
      }
      case "discard":
        await discardDraft(input.id);
        return { ok: true, message: "Draft discarded." };
      case "flag":
        await setSectionFlags(input.id, { [input.field]: input.value === "true" });
        return { ok: true };
      case "reorder":
        await reorderSections(input.ids.split(","));
        return { ok: true };
      case "delete":
        await deleteSection(input.id);
        return { ok: true, message: "Section deleted." };
    }
  } catch (error) {
    if (!(error instanceof SectionError)) throw error;
    // Content that does not fit its type is said beside its fields; anything else is the page's state.
    const fieldErrors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
    return refuse(
      { ok: false, error: error.message, ...(fieldErrors ? { fieldErrors } : {}) },
      fieldErrors ? 400 : 409,
    );
  }
}

/** The sections' switches and order, which may be changed offline. */
const SECTION_CARDS = {
  table: "homepage_sections",
  orderColumn: "section_order",
  switches: { is_published: "isPublished", is_active: "isActive" },
} as const;

export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the homepage", {
    request,
    operations: queuedCardChanges(SECTION_CARDS),
  });
}

export const shouldRevalidate = revalidateUnlessQueued;

export const meta: Route.MetaFunction = () => adminMeta("Homepage Editor");

/**
 * Which section the home page shows (the first published and active one of each type, in this order) and
 * which are shadowed by an earlier one: worked out from what is shown, pending and queued changes included.
 */
function withLive<T extends { id: string; type: string; isPublished: boolean; isActive: boolean }>(ordered: T[]) {
  const firstOfType = new Map<string, string>();
  for (const s of ordered) if (s.isPublished && s.isActive && !firstOfType.has(s.type)) firstOfType.set(s.type, s.id);
  return ordered.map((s) => ({
    ...s,
    live: firstOfType.get(s.type) === s.id,
    shadowed: s.isPublished && s.isActive && firstOfType.get(s.type) !== s.id,
  }));
}

export default function HomepageEditor({ loaderData }: Route.ComponentProps) {
  const { forms, images } = loaderData;
  // Changes waiting in the offline queue show as made.
  const { cards, reorder } = useQueuedCards(loaderData.sections, SECTION_CARDS);
  const shown = withLive(cards);
  return (
    <>
      <AdminPageHeader
        title="Homepage Editor"
        description="The sections of the home page, top to bottom. A section shows when it is both published and active; drafts show only in the preview."
        link={{ to: adminPaths.homepagePreview(), label: "Preview home page", icon: Eye, variant: "secondary" }}
      />
      {shown.length === 0 ? (
        <EmptyState>No sections yet. Add the first one below.</EmptyState>
      ) : (
        <SortableList
          items={shown}
          itemName={(s) => `the ${SECTION_LABELS[s.type]?.toLowerCase() ?? s.type} section`}
          onReorder={reorder}
        >
          {(section, handle) => (
            <SectionCard
              section={section}
              fields={forms[section.type] ?? []}
              images={images}
              handle={handle}
              shadowed={section.shadowed}
            />
          )}
        </SortableList>
      )}
      <Form
        method="post"
        className="border-line mt-6 flex flex-wrap items-end gap-2 rounded-lg border border-dashed p-4"
      >
        <input type="hidden" name="intent" value="add" />
        <SelectField
          label="New section"
          name="type"
          defaultValue="hero"
          options={Object.keys(forms).map((type) => ({ value: type, label: SECTION_LABELS[type] ?? type }))}
        />
        <Button type="submit" variant="secondary" size="sm">
          <Plus aria-hidden className="size-4" /> Add section
        </Button>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
