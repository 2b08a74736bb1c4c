// A work in a row of the back office's lists: its thumbnail, its title linking to its edit page, a line about it.
import { Link } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import type { ImageAsset } from "~/lib/media";
import { Thumb } from "./thumb";

export function WorkCell({
  id,
  title,
  image,
  detail,
  thumbSize,
}: {
  id: string;
  title: string;
  image: ImageAsset | null;
  /** The line under the title (medium, size). */
  detail: string;
  thumbSize?: number;
}) {
  return (
    <div className="flex items-start gap-3">
      <Thumb image={image} size={thumbSize} />
      <div className="min-w-0">
        <Link to={adminPaths.editArtwork(id)} className="font-medium hover:underline">
          {title}
        </Link>
        <p className="text-muted text-xs">{detail}</p>
      </div>
    </div>
  );
}
