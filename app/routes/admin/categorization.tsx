// Categorization (/admin/categorization): the artist's categories, series and tags. Create, rename, merge and
// delete them; assign one to many works at once. The gallery filters by categories and series.
import { z } from "zod";
import { DeleteIntent } from "~/components/admin/list-intents";
import type { Route } from "./+types/categorization";
import { reportAction } from "~/components/admin/action-result";
import { formState, type ActionResult } from "~/lib/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { TermsPanel, WorksPanel } from "~/components/admin/content/categorization";
import { requireAdmin } from "~/modules/auth/session.server";
import { searchArtworks } from "~/modules/catalog/catalog.server";
import {
  assignTerm,
  createTerm,
  deleteTerm,
  listTerms,
  mergeTerms,
  renameTerm,
  TaxonomyError,
  TERM_KINDS,
  termsForArtworks,
} from "~/modules/catalog/taxonomy.server";
import { pageField, searchParam } from "~/modules/forms/fields";
import { formList, NOT_UNDERSTOOD, readListQuery, readSubmission, refuse } from "~/modules/forms/submission.server";
import { pageOffset } from "~/lib/pagination";

const PAGE_SIZE = 24;

const Query = z.object({
  kind: z.enum(TERM_KINDS).catch("category"),
  q: searchParam(200),
  term: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional()
    .catch(undefined),
  page: pageField,
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readListQuery(request, Query);
  const filter = query.term
    ? { [query.kind === "tag" ? "tag" : query.kind === "series" ? "series" : "category"]: query.term }
    : {};
  const [terms, { artworks, total }] = await Promise.all([
    listTerms(query.kind),
    searchArtworks({ q: query.q, ...filter, limit: PAGE_SIZE, offset: pageOffset(query.page, PAGE_SIZE) }),
  ]);
  const names = await termsForArtworks(artworks.map((a) => a.id));
  return {
    query,
    terms,
    total,
    pageSize: PAGE_SIZE,
    works: artworks.map((a) => ({
      id: a.id,
      title: a.title,
      medium: a.medium,
      year: a.year,
      image: a.image,
      terms: names.get(a.id) ?? { category: [], series: [], tag: [] },
    })),
  };
}

const Id = z.uuid();
const Name = z.string().max(200);
const Ids = formList(Id).check(z.maxLength(500));
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), kind: z.enum(TERM_KINDS), name: Name }),
  z.object({ intent: z.literal("rename"), id: Id, name: Name }),
  DeleteIntent,
  z.object({ intent: z.literal("merge"), targetId: Id, sourceIds: Ids }),
  z.object({ intent: z.literal("assign"), termId: Id, mode: z.enum(["add", "remove"]), artworkIds: Ids }),
]);

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, Intent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "create": {
        const term = await createTerm(input.kind, input.name);
        return { ok: true, intent: "create", message: `Added “${term.name}”.` };
      }
      case "rename": {
        const term = await renameTerm(input.id, input.name);
        return { ok: true, intent: "rename", message: `Renamed to “${term.name}”.` };
      }
      case "delete":
        await deleteTerm(input.id);
        return { ok: true, intent: "delete", message: "Deleted. The works keep everything else." };
      case "merge":
        await mergeTerms(input.sourceIds, input.targetId);
        return {
          ok: true,
          intent: "merge",
          message: `Merged ${input.sourceIds.filter((id) => id !== input.targetId).length} into one.`,
        };
      case "assign": {
        if (input.artworkIds.length === 0) {
          const error = "Tick the works first.";
          return refuse({ ok: false, intent: "assign", error, fieldErrors: { artworkIds: error } });
        }
        const changed = await assignTerm(input.termId, input.artworkIds, input.mode);
        return {
          ok: true,
          intent: "assign",
          message:
            input.mode === "add"
              ? `Added to ${changed} ${changed === 1 ? "work" : "works"}.`
              : `Taken off ${changed} ${changed === 1 ? "work" : "works"}.`,
        };
      }
    }
  } catch (error) {
    if (!(error instanceof TaxonomyError)) throw error;
    // A name that cannot be used is said beside the name typed; any other refusal only as a message.
    const named = input.intent === "create" || input.intent === "rename";
    return refuse({
      ok: false,
      intent: input.intent,
      error: error.message,
      ...(named ? { fieldErrors: { name: error.message } } : {}),
    });
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the categories");
}

export const meta: Route.MetaFunction = () => adminMeta("Categorization");

export default function Categorization({ loaderData, actionData }: Route.ComponentProps) {
  const { query, terms, works, total, pageSize } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Categorization"
        description="Categories, series and tags for the works. The gallery can be filtered by category and series; tags work as links."
      />
      <div className="grid gap-6 xl:grid-cols-12">
        <TermsPanel
          className="xl:col-span-5"
          kind={query.kind}
          terms={terms}
          activeTerm={query.term}
          createError={formState(actionData, "create").fieldErrors.name}
        />
        <WorksPanel
          className="xl:col-span-7"
          kind={query.kind}
          terms={terms}
          works={works}
          total={total}
          page={query.page}
          pageSize={pageSize}
          q={query.q}
          activeTerm={query.term}
        />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
