import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/site/not-found";
import { services } from "~/services.server";

export function loader({ request }: Route.LoaderArgs) {
  services().logger.warn({ url: new URL(request.url).pathname }, "404 Error: User attempted to access non-existent route");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function CatchAll() {
  return <NotFound />;
}
