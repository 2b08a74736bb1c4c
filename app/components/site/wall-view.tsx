// "See it on a wall" (issue 15 item 2): the work at true scale on one of a few drawn rooms, with a sofa or a
// table and a person for scale, a choice of wall colour, and the size in inches and centimetres. No camera, no
// downloads: the rooms are drawn here. Loaded on first use (the artwork page's button), so it costs nothing
// until opened. The maths is in app/lib/wall-view.ts.
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { ImageAsset } from "~/lib/media";
import type { ArtworkDimensions } from "~/lib/seo";
import {
  describeSize,
  hangArtwork,
  inInches,
  PERSON_HEIGHT_IN,
  percentOf,
  ROOMS,
  WALL_COLOURS,
  type Room,
  type WallColour,
} from "~/lib/wall-view";
import { X } from "./icons";
import { ResponsiveImage } from "./responsive-image";
import { RadioChoices } from "~/components/ui/radio-choices";

export interface WallViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  image: ImageAsset;
  size: ArtworkDimensions;
}

export default function WallView({ open, onOpenChange, title, image, size }: WallViewProps) {
  const [roomId, setRoomId] = useState(ROOMS[0]!.id);
  const [colour, setColour] = useState<WallColour>("warm-white");
  const room = ROOMS.find((r) => r.id === roomId) ?? ROOMS[0]!;
  const place = hangArtwork(room, inInches(size));
  const sceneHeight = room.wallHeightIn + room.floorIn;
  const fill = WALL_COLOURS.find((c) => c.id === colour)!.fill;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bg-ink/50 animate-fade-in fixed inset-0 z-[60]" />
        <Dialog.Content
          aria-describedby="wall-view-size"
          className="bg-paper fixed inset-0 z-[61] flex flex-col overflow-y-auto outline-none md:inset-8 md:rounded-lg md:shadow-2xl"
        >
          <div className="border-line flex items-start justify-between gap-4 border-b px-5 py-4 md:px-8">
            <div className="min-w-0">
              <Dialog.Title className="font-serif text-2xl">See it on a wall</Dialog.Title>
              <p id="wall-view-size" className="text-ink-soft mt-1 text-sm">
                <span className="italic">{title}</span> · {describeSize(size)}
              </p>
            </div>
            <Dialog.Close
              aria-label="Close the wall view"
              className="hover:bg-paper-deep -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <div className="flex flex-1 flex-col gap-5 px-5 py-5 md:px-8">
            {/* As wide as the screen allows while the choices below stay in view. */}
            <figure
              className="mx-auto w-full max-w-5xl"
              style={{
                maxWidth: `min(64rem, calc((100dvh - 17rem) * ${(room.wallWidthIn / sceneHeight).toFixed(4)}))`,
              }}
            >
              <div
                className="relative w-full overflow-hidden"
                style={{ aspectRatio: `${room.wallWidthIn} / ${sceneHeight}` }}
                data-testid="wall-scene"
              >
                <RoomDrawing room={room} fill={fill} />
                <div
                  className="absolute shadow-[0_10px_24px_-8px_rgba(0,0,0,0.45)]"
                  data-testid="wall-artwork"
                  style={{
                    left: percentOf(place.x, room.wallWidthIn),
                    top: percentOf(place.y, sceneHeight),
                    width: percentOf(place.width, room.wallWidthIn),
                    height: percentOf(place.height, sceneHeight),
                  }}
                >
                  <ResponsiveImage
                    image={image}
                    alt={`${title}, shown at its true size on a ${room.label.toLowerCase()} wall`}
                    sizes="(min-width: 1024px) 40vw, 60vw"
                    className="block size-full"
                    fit="cover"
                  />
                </div>
              </div>
              <figcaption className="text-muted mt-3 text-center text-xs leading-relaxed">
                Drawn to scale. {room.furniture.label}
                {room.personIn !== undefined ? "; the person is 5 ft 7 in (170 cm) tall" : ""}. Hung with its centre at
                57 in (145 cm), or just above the furniture.
                {place.tooLarge ? " This work is larger than this wall: try the gallery wall." : ""}
              </figcaption>
            </figure>

            <div className="mx-auto flex w-full max-w-5xl flex-wrap gap-x-10 gap-y-4 text-sm">
              <RadioChoices
                name="wall-room"
                legend="Room"
                className="flex flex-wrap items-center gap-x-4 gap-y-2"
                options={ROOMS.map((r) => ({ value: r.id, label: r.label }))}
                value={room.id}
                onChange={setRoomId}
              />
              <RadioChoices
                name="wall-colour"
                legend="Wall color"
                className="flex flex-wrap items-center gap-x-4 gap-y-2"
                options={WALL_COLOURS.map((c) => ({
                  value: c.id,
                  label: (
                    <>
                      <span
                        aria-hidden="true"
                        className="border-line inline-block size-4 rounded-full border"
                        style={{ backgroundColor: c.fill }}
                      />
                      {c.label}
                    </>
                  ),
                }))}
                value={colour}
                onChange={setColour}
              />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const FURNITURE_FILL = "#857c70";
const FURNITURE_SHADE = "#6f675c";

/** The room in inches: wall, skirting, floor, the furniture and a person, as one scalable drawing. */
function RoomDrawing({ room, fill }: { room: Room; fill: string }) {
  const W = room.wallWidthIn;
  const H = room.wallHeightIn;
  const f = room.furniture;
  const left = f.centreIn - f.widthIn / 2;
  const top = H - f.heightIn;
  return (
    <svg
      viewBox={`0 0 ${W} ${H + room.floorIn}`}
      className="absolute inset-0 size-full"
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      <defs>
        <linearGradient id="wall-light" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.18" />
          <stop offset="1" stopColor="#000" stopOpacity="0.08" />
        </linearGradient>
        <linearGradient id="floor-shade" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.18" />
          <stop offset="1" stopColor="#000" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill={fill} />
      <rect width={W} height={H} fill="url(#wall-light)" />
      <rect y={H - 4} width={W} height={4} fill="#f7f4ee" opacity="0.9" />
      <rect y={H} width={W} height={room.floorIn} fill="#bfa888" />
      <rect y={H} width={W} height={room.floorIn} fill="url(#floor-shade)" />
      {Array.from({ length: 5 }, (_, i) => (
        <line
          key={i}
          x1={0}
          x2={W}
          y1={H + ((i + 1) * room.floorIn) / 6}
          y2={H + ((i + 1) * room.floorIn) / 6}
          stroke="#a58f70"
          strokeWidth="0.25"
        />
      ))}
      {f.kind === "sofa" ? (
        <g>
          <rect x={left} y={top} width={f.widthIn} height={f.heightIn - 5} rx="3" fill={FURNITURE_FILL} />
          <rect x={left + 5} y={top + 14} width={f.widthIn - 10} height={10} rx="2" fill={FURNITURE_SHADE} />
          <rect x={left} y={top + 8} width={7} height={f.heightIn - 13} rx="2.5" fill={FURNITURE_SHADE} />
          <rect
            x={left + f.widthIn - 7}
            y={top + 8}
            width={7}
            height={f.heightIn - 13}
            rx="2.5"
            fill={FURNITURE_SHADE}
          />
          <rect x={left + 4} y={H - 5} width={2} height={5} fill="#4a443c" />
          <rect x={left + f.widthIn - 6} y={H - 5} width={2} height={5} fill="#4a443c" />
        </g>
      ) : f.kind === "console" ? (
        <g>
          <rect x={left} y={top} width={f.widthIn} height={2} fill={FURNITURE_SHADE} />
          <rect x={left + 2} y={top + 2} width={1.5} height={f.heightIn - 2} fill={FURNITURE_SHADE} />
          <rect x={left + f.widthIn - 3.5} y={top + 2} width={1.5} height={f.heightIn - 2} fill={FURNITURE_SHADE} />
          <rect x={left + 2} y={H - 8} width={f.widthIn - 4} height={1} fill={FURNITURE_SHADE} />
          <ellipse cx={left + 10} cy={top - 5} rx={3.5} ry={5} fill="#9b8f7f" />
        </g>
      ) : (
        <g>
          <rect x={left} y={top} width={f.widthIn} height={3} rx="0.5" fill={FURNITURE_SHADE} />
          <rect x={left + 3} y={top + 3} width={2} height={f.heightIn - 3} fill={FURNITURE_SHADE} />
          <rect x={left + f.widthIn - 5} y={top + 3} width={2} height={f.heightIn - 3} fill={FURNITURE_SHADE} />
        </g>
      )}
      {room.personIn !== undefined ? <Person x={room.personIn} floor={H} /> : null}
    </svg>
  );
}

/** A standing person, 67 in tall, drawn from simple shapes (feet on the floor line). */
function Person({ x, floor }: { x: number; floor: number }) {
  const top = floor - PERSON_HEIGHT_IN;
  return (
    <g fill="#5f5a53" opacity="0.7">
      <circle cx={x} cy={top + 4.5} r={4.5} />
      <rect x={x - 3} y={top + 8.5} width={6} height={2} rx="1" />
      <path
        d={`M ${x - 8} ${top + 11} Q ${x} ${top + 9.5} ${x + 8} ${top + 11} L ${x + 7} ${top + 36} L ${x + 4.5} ${top + 36} L ${x + 4} ${floor} L ${x + 0.6} ${floor} L ${x} ${top + 40} L ${x - 0.6} ${floor} L ${x - 4} ${floor} L ${x - 4.5} ${top + 36} L ${x - 7} ${top + 36} Z`}
      />
    </g>
  );
}
