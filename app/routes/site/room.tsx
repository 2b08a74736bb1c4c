// /room/{token}: a private viewing room (docs/shop.md "Viewing rooms", decision 0023): the artist's title and
// note, the works in the artist's order with their prices in this room, and for each a way to buy it (checkout at
// the room's price; the checkout checks the room again) or to inquire. Each open is recorded for the artist
// (device summary only). Never indexed, never cached (the page cache does not list it), never in the sitemap.
// Expired or revoked: 410 with a plain page; a token nobody has: 404.
import { isbot } from "isbot";
import { data, Link } from "react-router";
import type { Route } from "./+types/room";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { AVAILABILITY_LABELS } from "~/lib/availability";
import { formatDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { deviceSummary } from "~/lib/rooms";
import { ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { openRoom } from "~/modules/rooms/rooms.server";
import { getSettings } from "~/modules/settings/settings.server";

const PRIVATE = { "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const ua = request.headers.get("user-agent");
  // A browser's speculative prefetch is not an open; a link preview is recorded as one, and says so.
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  const record = request.method === "GET" && !/prefetch/i.test(purpose);
  const opened = await openRoom(params.token, record ? { device: deviceSummary(ua, isbot(ua)) } : undefined);
  if (opened.state !== "open")
    return data(
      { state: opened.state, room: null },
      { status: opened.state === "unknown" ? 404 : 410, headers: PRIVATE },
    );
  const settings = await getSettings();
  const { room, works } = opened;
  return data(
    {
      state: "open" as const,
      room: {
        token: room.token,
        title: room.title,
        note: room.note,
        recipientName: room.recipientName,
        until: formatDate(room.expiresAt, settings.shop.timeZone),
        works: works.map((w) => ({
          id: w.artwork.id,
          title: w.artwork.title,
          year: w.artwork.year,
          medium: w.artwork.medium,
          size: w.artwork.size,
          image: w.artwork.image,
          currency: w.artwork.currency,
          availability: w.artwork.availability,
          priceCents: w.priceCents,
          publicPriceCents: w.publicPriceCents,
          buyable: w.buyable,
        })),
      },
    },
    { headers: PRIVATE },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(loaderData?.room ? loaderData.room.title : "Viewing room", siteFromMatches(matches)?.siteTitle),
  },
  { name: "robots", content: `${ROBOTS_NOINDEX}, nofollow` },
];

export default function ViewingRoom({ loaderData }: Route.ComponentProps) {
  const { room, state } = loaderData;
  if (!room) {
    return (
      <div className="container-page py-16 md:py-24">
        <p className="eyebrow">Viewing room</p>
        <h1 className="mt-3 max-w-2xl text-4xl md:text-5xl">This viewing room is no longer available</h1>
        <p className="text-muted mt-5 max-w-xl text-lg leading-relaxed">
          {state === "unknown"
            ? "The link may be mistyped, or the studio has replaced it with a new one."
            : "The studio has closed it. The works may still be for sale:"}{" "}
          please{" "}
          <Link to={paths.contact()} className="underline underline-offset-4">
            write to the studio
          </Link>{" "}
          or browse the{" "}
          <Link to={paths.gallery()} className="underline underline-offset-4">
            gallery
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="container-page py-12 md:py-20">
      <header className="max-w-2xl">
        <p className="eyebrow">
          {room.recipientName ? `A private viewing room for ${room.recipientName}` : "A private viewing room"}
        </p>
        <h1 className="mt-3 text-4xl md:text-5xl">{room.title}</h1>
        {room.note ? (
          <p className="text-ink-soft mt-6 text-lg leading-relaxed whitespace-pre-line">{room.note}</p>
        ) : null}
        <p className="text-muted mt-5 text-sm">Open until {room.until}. Please do not share this link.</p>
      </header>
      {room.works.length === 0 ? (
        <p className="text-muted mt-14">The studio is still choosing the works for this room.</p>
      ) : (
        <ol aria-label="Works in this room" className="mt-14 space-y-20 md:mt-20 md:space-y-28">
          {room.works.map((w, i) => {
            const differs = w.priceCents !== null && w.priceCents !== w.publicPriceCents;
            return (
              <li key={w.id} className="grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-end md:gap-12">
                <div className="bg-paper-deep overflow-hidden rounded-sm">
                  {w.image ? (
                    <ResponsiveImage
                      image={w.image}
                      alt={w.title}
                      sizes="(min-width: 64rem) 38rem, (min-width: 48rem) 58vw, 100vw"
                      className="h-auto w-full"
                      fit="contain"
                      priority={i === 0}
                    />
                  ) : (
                    <div className="text-muted flex aspect-[4/3] items-center justify-center text-sm">No image yet</div>
                  )}
                </div>
                <div className="max-w-sm">
                  <h2 className="text-2xl md:text-3xl">{w.title}</h2>
                  <p className="text-ink-soft mt-2 text-sm leading-relaxed">
                    {[w.year, w.medium, w.size].filter(Boolean).join(" · ")}
                  </p>
                  <p className="mt-5 text-lg" data-testid="room-price">
                    {w.priceCents === null ? "Price on request" : formatPrice(w.priceCents, w.currency)}
                    {differs ? <span className="text-muted ml-2 text-sm">in this room</span> : null}
                  </p>
                  {w.availability !== "available" ? (
                    <p className="text-muted mt-1 text-sm">
                      {AVAILABILITY_LABELS[w.availability as keyof typeof AVAILABILITY_LABELS] ?? "Not available"}
                    </p>
                  ) : null}
                  <div className="mt-6 flex flex-wrap gap-3">
                    {w.buyable ? (
                      <Link
                        to={paths.roomCheckout(room.token, w.id)}
                        className={buttonClass("primary")}
                        aria-label={`Buy “${w.title}”`}
                      >
                        Buy
                      </Link>
                    ) : null}
                    <Link
                      to={paths.roomInquiry(room.token, { id: w.id, title: w.title })}
                      className={buttonClass("secondary")}
                      aria-label={`Inquire about “${w.title}”`}
                    >
                      Inquire
                    </Link>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
