// "See it on a wall" (issue 15 item 2): a work at true scale on a drawn room's wall. Everything is measured in
// inches on the wall (origin at the wall's top left, y downwards); the page scales the whole scene to the
// screen, so the work keeps its proportion to the furniture and to the person at any width.
import type { ArtworkDimensions } from "./seo";

export const CM_PER_INCH = 2.54;

export type FurnitureKind = "sofa" | "console" | "bench";

export interface Room {
  id: string;
  label: string;
  /** The visible wall, in inches. */
  wallWidthIn: number;
  wallHeightIn: number;
  /** The floor drawn below the wall (perspective band), in inches of the scene. */
  floorIn: number;
  furniture: { kind: FurnitureKind; label: string; widthIn: number; heightIn: number; centreIn: number };
  /** A standing person for scale (5 ft 7 in), where the room has one; x of their centre. */
  personIn?: number;
}

export const PERSON_HEIGHT_IN = 67;

export const ROOMS: readonly Room[] = [
  {
    id: "living-room",
    label: "Living room",
    wallWidthIn: 156,
    wallHeightIn: 108,
    floorIn: 14,
    furniture: { kind: "sofa", label: "Sofa, 84 in (213 cm) wide", widthIn: 84, heightIn: 33, centreIn: 78 },
    personIn: 138,
  },
  {
    id: "hallway",
    label: "Hallway",
    wallWidthIn: 120,
    wallHeightIn: 108,
    floorIn: 14,
    furniture: {
      kind: "console",
      label: "Console table, 48 in (122 cm) wide",
      widthIn: 48,
      heightIn: 31,
      centreIn: 60,
    },
    personIn: 100,
  },
  {
    id: "gallery",
    label: "Gallery wall",
    wallWidthIn: 216,
    wallHeightIn: 132,
    floorIn: 16,
    furniture: { kind: "bench", label: "Bench, 60 in (152 cm) wide", widthIn: 60, heightIn: 18, centreIn: 108 },
    personIn: 170,
  },
];

export const WALL_COLOURS = [
  { id: "warm-white", label: "Warm white", fill: "#efebe3" },
  { id: "gallery-grey", label: "Gallery grey", fill: "#d8d5cf" },
  { id: "sage", label: "Sage", fill: "#b8c0ac" },
  { id: "charcoal", label: "Charcoal", fill: "#3a3936" },
] as const;
export type WallColour = (typeof WALL_COLOURS)[number]["id"];

/** Museums hang a work with its centre at 57 in (145 cm) above the floor. */
export const HANG_CENTRE_IN = 57;
/** The gap kept between furniture and the bottom of a work above it. */
export const ABOVE_FURNITURE_IN = 8;
const CEILING_GAP_IN = 4;

/** A work's width and height in inches, from its parsed size (entered in inches or centimetres). */
export function inInches(size: ArtworkDimensions): { widthIn: number; heightIn: number } {
  const factor = size.unitCode === "CMT" ? 1 / CM_PER_INCH : 1;
  return { widthIn: size.width * factor, heightIn: size.height * factor };
}

export interface Placement {
  /** The work's box on the wall, in inches from the wall's top left. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The work is wider or taller than this wall (it is drawn anyway, cut by the wall's edges). */
  tooLarge: boolean;
}

/**
 * Where the work hangs: centred on the furniture, its centre at 57 in above the floor, raised to keep 8 in
 * above the furniture, lowered to keep 4 in below the ceiling (but never into the furniture).
 */
export function hangArtwork(room: Room, work: { widthIn: number; heightIn: number }): Placement {
  const { widthIn: width, heightIn: height } = work;
  const floorY = room.wallHeightIn;
  let bottom = Math.max(HANG_CENTRE_IN - height / 2, room.furniture.heightIn + ABOVE_FURNITURE_IN);
  const maxBottom = room.wallHeightIn - CEILING_GAP_IN - height;
  if (bottom > maxBottom) bottom = Math.max(maxBottom, room.furniture.heightIn + ABOVE_FURNITURE_IN);
  return {
    x: room.furniture.centreIn - width / 2,
    y: floorY - bottom - height,
    width,
    height,
    tooLarge: width > room.wallWidthIn || height > room.wallHeightIn - room.furniture.heightIn - ABOVE_FURNITURE_IN,
  };
}

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

/** The size in both units, the entered one first: `24 × 30 in (61 × 76.2 cm)`. */
export function describeSize(size: ArtworkDimensions): string {
  const { widthIn, heightIn } = inInches(size);
  const inches = `${oneDecimal(widthIn)} × ${oneDecimal(heightIn)} in`;
  const cm = `${oneDecimal(widthIn * CM_PER_INCH)} × ${oneDecimal(heightIn * CM_PER_INCH)} cm`;
  return size.unitCode === "CMT" ? `${cm} (${inches})` : `${inches} (${cm})`;
}

/** A length on the wall as a percentage of the scene's width or height (the page positions in %). */
export function percentOf(value: number, whole: number): string {
  return `${((value / whole) * 100).toFixed(4)}%`;
}
