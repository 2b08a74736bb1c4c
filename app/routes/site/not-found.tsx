import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/site/not-found";
import { ROBOTS_NOINDEX } from "~/lib/seo";
import { services } from "~/services.server";

export function loader({ request }: Route.LoaderArgs) {
  services().logger.warn(
    { url: new URL(request.url).pathname },
    "404 Error: User attempted to access non-existent route",
  );
  return data(null, { status: 404 });
}

// No title here: the 404 page renders its own <title>. No canonical: a miss is not a page.
export const meta: Route.MetaFunction = () => [{ name: "robots", content: ROBOTS_NOINDEX }];

export default function CatchAll() {
  return <NotFound />;
}
