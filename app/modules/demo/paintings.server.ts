/**
 * Procedural abstract paintings for seeding the gallery.
 *
 * `renderPainting` turns a numeric seed into a JPEG that reads as a
 * contemporary abstract painting photographed flat: colour fields, soak-stains,
 * gestural brushwork, scribbles, painterly geometry, divided planes and
 * squeegee pulls, each on one of a set of curated palettes.
 *
 * Pipeline, shaped by speed (librsvg filters and blend modes cost tens of ms
 * each, so none are used):
 *  1. soft paint (fields, washes, stains) is drawn as a stack of filter-free
 *     SVG layers rasterised at reduced resolution, blurred and blended
 *     (normal or multiply) by libvips, then warped by smooth noise in JS so
 *     edges bleed and wander like paint in canvas, and upscaled;
 *  2. crisp marks (strokes, bristle tracks, drips, lines) are one SVG
 *     rasterised at full resolution in parallel;
 *  3. both are composited in JS together with canvas weave, grain, mottle
 *     and uneven photographic light, then encoded once as JPEG.
 *
 * Everything is driven by a seeded PRNG, so a spec always yields the same
 * image. The module has no side effects at import.
 */
import sharp from "sharp";

export interface PaintingSpec {
  seed: number;
  width: number;
  height: number;
  /** Index into the palettes (wraps around); chosen from the seed when omitted. */
  palette?: number;
}

const TAU = Math.PI * 2;

/* ------------------------------------------------------------------------ */
/* Seeded randomness                                                         */
/* ------------------------------------------------------------------------ */

function hash2(a: number, b: number): number {
  let h = Math.imul((a >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ (b >>> 0);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32 with a few conveniences; never Math.random, so output is reproducible. */
class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick() from an empty list");
    return item;
  }

  /** Standard normal via Box–Muller. */
  gauss(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(TAU * this.next());
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = out[i];
      const b = out[j];
      if (a === undefined || b === undefined) continue;
      out[i] = b;
      out[j] = a;
    }
    return out;
  }

  /** Independent stream, so adding draws in one layer doesn't reshuffle another. */
  fork(salt: number): Rng {
    return new Rng(hash2(Math.floor(this.next() * 4294967296), salt));
  }
}

/* ------------------------------------------------------------------------ */
/* Colour                                                                    */
/* ------------------------------------------------------------------------ */

type RGB = readonly [number, number, number];

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

function hex(h: string): RGB {
  const n = Number.parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function css(c: RGB): string {
  const part = (v: number): string =>
    Math.round(clamp(v, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${part(c[0])}${part(c[1])}${part(c[2])}`;
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

// Paint whites are warm; mixing towards pure #fff looks digital.
const PAINT_WHITE: RGB = [246, 242, 232];
const PAINT_BLACK: RGB = [22, 20, 19];

const lighten = (c: RGB, t: number): RGB => mix(c, PAINT_WHITE, t);
const darken = (c: RGB, t: number): RGB => mix(c, PAINT_BLACK, t);

function luma(c: RGB): number {
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}

function saturation(c: RGB): number {
  const hi = Math.max(c[0], c[1], c[2]);
  return hi <= 0 ? 0 : (hi - Math.min(c[0], c[1], c[2])) / hi;
}

function dist(a: RGB, b: RGB): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Hand-mixed paint never matches the tube exactly: small value and hue drift. */
function vary(rng: Rng, c: RGB, amount: number): RGB {
  const v = rng.range(-amount, amount);
  const base = v > 0 ? lighten(c, v) : darken(c, -v);
  const d = amount * 40;
  return [base[0] + rng.range(-d, d), base[1] + rng.range(-d, d), base[2] + rng.range(-d, d)];
}

/* ------------------------------------------------------------------------ */
/* Palettes                                                                  */
/* ------------------------------------------------------------------------ */

interface Palette {
  readonly name: string;
  readonly ground: RGB;
  readonly colors: readonly RGB[];
  readonly accent: RGB;
  readonly dark: RGB;
  readonly light: RGB;
}

function palette(
  name: string,
  ground: string,
  colors: readonly string[],
  accent: string,
  dark: string,
  light: string,
): Palette {
  return {
    name,
    ground: hex(ground),
    colors: colors.map(hex),
    accent: hex(accent),
    dark: hex(dark),
    light: hex(light),
  };
}

const PALETTES: readonly Palette[] = [
  palette(
    "ochre earth",
    "#e4d6bb",
    ["#c48a2c", "#a9582b", "#6b4226", "#d9b36a", "#7f7a58", "#efe4cc"],
    "#2e4d6e",
    "#2b1d14",
    "#f2e9d6",
  ),
  palette(
    "deep blues",
    "#18202e",
    ["#1f3a8a", "#1b4965", "#3f7fae", "#2a2d5c", "#9fbfd8", "#0f1424"],
    "#d9a441",
    "#0c111c",
    "#dbe6ee",
  ),
  palette(
    "muted pastels",
    "#ede6da",
    ["#d8a7a0", "#a9b99b", "#a7bccb", "#bba9c7", "#e8d79e", "#c9b8a6"],
    "#c4573a",
    "#5a5250",
    "#f6f1e8",
  ),
  palette(
    "bold primaries",
    "#f1ede3",
    ["#c7261c", "#f0c21a", "#1d4c9e", "#161616", "#f6f3ea"],
    "#e36b1f",
    "#121212",
    "#f7f4ec",
  ),
  palette(
    "forest greens",
    "#dde2cf",
    ["#2e6a55", "#5c7a2d", "#8b8a3b", "#1d8466", "#b9d0a0", "#23372b"],
    "#c4442b",
    "#15231a",
    "#eef1e4",
  ),
  palette(
    "greys with vermilion",
    "#d8d6d1",
    ["#2a2a2a", "#5b5a58", "#8c8a86", "#b8b5af", "#ecebe6"],
    "#df4f1d",
    "#1b1b1b",
    "#f1f0ec",
  ),
  palette(
    "rothko reds",
    "#56201a",
    ["#7a1f1b", "#b02f1f", "#d66d25", "#3d1526", "#e3a23c", "#2a1210"],
    "#f0c66b",
    "#1f0c0b",
    "#f0d9b5",
  ),
  palette(
    "dusk violets",
    "#2d2437",
    ["#5b3f7b", "#a3447b", "#d38b8e", "#1d1b33", "#eeb089", "#7f6aa8"],
    "#f1d36a",
    "#141220",
    "#f3e3dc",
  ),
  palette(
    "sea and sand",
    "#ebe2cd",
    ["#3d96a2", "#6aa5cf", "#d7bf92", "#b9d8d2", "#1f5661", "#f3ecdc"],
    "#e2765a",
    "#1c3640",
    "#f7f2e6",
  ),
  palette(
    "rust and teal",
    "#2b2f2d",
    ["#a3461f", "#2b6e72", "#e4d9c0", "#cf6f2d", "#3b3f3c", "#7fa8a0"],
    "#e2bf55",
    "#171a19",
    "#efe6d2",
  ),
  palette(
    "blush and umber",
    "#f0e5d8",
    ["#e6a496", "#c85469", "#efcd5a", "#6a4a39", "#9bbfd7", "#f7efe4"],
    "#2b6a9c",
    "#3a2820",
    "#fbf6ee",
  ),
  palette(
    "charcoal and chalk",
    "#3a3c3e",
    ["#e7e4dc", "#8a8c8d", "#c6c3bb", "#26272a", "#5d6063"],
    "#c8402e",
    "#1f2022",
    "#efece5",
  ),
  palette(
    "summer yellows",
    "#f3efe3",
    ["#f0c02f", "#e9df68", "#2c57a6", "#3a8749", "#6c4d9c", "#e8862a"],
    "#1b2a3c",
    "#1b2a3c",
    "#fbf8ef",
  ),
  palette(
    "nordic slate",
    "#c8cdd0",
    ["#5d6c78", "#8a99a4", "#e2e7e9", "#2b3237", "#7c8462", "#aab4a2"],
    "#d2a22f",
    "#1e2428",
    "#eef1f2",
  ),
];

export const PAINTING_PALETTES: readonly string[] = PALETTES.map((p) => p.name);

/* ------------------------------------------------------------------------ */
/* Geometry helpers                                                          */
/* ------------------------------------------------------------------------ */

interface Pt {
  x: number;
  y: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
// Path coordinates are written as integers: librsvg renders integer paths ~40% faster, and sub-pixel vertex precision is invisible here.
const fi = (n: number): number => Math.round(n);

function bboxOf(pts: readonly Pt[], pad: number): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of pts) {
    if (p.x < x0) x0 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.x > x1) x1 = p.x;
    if (p.y > y1) y1 = p.y;
  }
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
}

function polyD(pts: readonly Pt[], closed: boolean): string {
  let d = "";
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (!p) continue;
    d += `${i === 0 ? "M" : "L"}${fi(p.x)} ${fi(p.y)}`;
  }
  return closed ? `${d}Z` : d;
}

/** Catmull–Rom through the points, as cubic béziers: smooth organic outlines. */
function smoothD(pts: readonly Pt[], closed: boolean): string {
  const n = pts.length;
  if (n < 3) return polyD(pts, closed);
  const get = (i: number): Pt => {
    const k = closed ? ((i % n) + n) % n : clamp(i, 0, n - 1);
    return pts[k] ?? { x: 0, y: 0 };
  };
  const first = get(0);
  let d = `M${fi(first.x)} ${fi(first.y)}`;
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    d +=
      `C${fi(p1.x + (p2.x - p0.x) / 6)} ${fi(p1.y + (p2.y - p0.y) / 6)} ` +
      `${fi(p2.x - (p3.x - p1.x) / 6)} ${fi(p2.y - (p3.y - p1.y) / 6)} ${fi(p2.x)} ${fi(p2.y)}`;
  }
  return closed ? `${d}Z` : d;
}

/** Polygon with hand-painted edges: every edge wanders a little around the ideal line. */
function raggedPoly(rng: Rng, corners: readonly Pt[], amp: number, step: number): Pt[] {
  const out: Pt[] = [];
  for (let c = 0; c < corners.length; c++) {
    const a = corners[c];
    const b = corners[(c + 1) % corners.length];
    if (!a || !b) continue;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-6) continue;
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    const n = Math.max(2, Math.ceil(len / step));
    let walk = rng.gauss() * amp * 0.5;
    for (let i = 0; i < n; i++) {
      const t = i / n;
      walk = walk * 0.75 + rng.gauss() * amp * 0.45;
      out.push({ x: a.x + (b.x - a.x) * t + nx * walk, y: a.y + (b.y - a.y) * t + ny * walk });
    }
  }
  return out;
}

function rectCorners(x: number, y: number, w: number, h: number): Pt[] {
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
}

function raggedRect(rng: Rng, x: number, y: number, w: number, h: number, amp: number, step: number): Pt[] {
  return raggedPoly(rng, rectCorners(x, y, w, h), amp, step);
}

/** Closed organic shape: an ellipse perturbed by a few random harmonics. */
function blob(rng: Rng, cx: number, cy: number, rx: number, ry: number, wobble: number, n = 30): Pt[] {
  const harmonics: { a: number; k: number; ph: number }[] = [];
  for (let k = 2; k <= 6; k++)
    harmonics.push({ k, a: (rng.gauss() * wobble) / Math.pow(k, 0.8), ph: rng.range(0, TAU) });
  const rot = rng.range(0, TAU);
  const cr = Math.cos(rot);
  const sr = Math.sin(rot);
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const th = (i / n) * TAU;
    let r = 1 + rng.gauss() * wobble * 0.04;
    for (const hm of harmonics) r += hm.a * Math.sin(hm.k * th + hm.ph);
    r = Math.max(0.25, r);
    const x = Math.cos(th) * rx * r;
    const y = Math.sin(th) * ry * r;
    pts.push({ x: cx + x * cr - y * sr, y: cy + x * sr + y * cr });
  }
  return pts;
}

/**
 * A wandering centreline, the path a hand takes with a loaded brush.
 * `bend` curves it overall; `hook` flicks the last quarter, as a wrist does at the end of a stroke.
 */
function wander(
  rng: Rng,
  x: number,
  y: number,
  angle: number,
  length: number,
  bend: number,
  jitter: number,
  n: number,
  hook = 0,
): Pt[] {
  const pts: Pt[] = [{ x, y }];
  const step = length / (n - 1);
  const hookFrom = Math.floor(n * 0.75);
  let a = angle - bend / 2;
  let px = x;
  let py = y;
  for (let i = 1; i < n; i++) {
    a += bend / (n - 1) + rng.gauss() * jitter + (i >= hookFrom ? hook / (n - hookFrom) : 0);
    px += Math.cos(a) * step;
    py += Math.sin(a) * step;
    pts.push({ x: px, y: py });
  }
  return pts;
}

function pathLength(pts: readonly Pt[]): number {
  let len = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (a && b) len += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return len;
}

/** Irregular breaks along a line, as a dry brush or waxy crayon skips over the weave. */
function dashes(rng: Rng, len: number, dry: number): string {
  if (dry <= 0.05) return "";
  const parts: string[] = [];
  // Long, uneven runs and short, uneven breaks; regular dashes would read as stitching.
  for (let i = 0; i < 9; i++) {
    parts.push(f1(Math.max(1, len * Math.pow(rng.next(), 1.5) * 0.3 * (1.15 - dry))));
    parts.push(f1(Math.max(0.8, len * Math.pow(rng.next(), 2) * 0.035 * (0.2 + dry))));
  }
  return ` stroke-dasharray="${parts.join(" ")}" stroke-dashoffset="${f1(rng.range(0, len * 0.5))}"`;
}

/* ------------------------------------------------------------------------ */
/* SVG document builder                                                      */
/* ------------------------------------------------------------------------ */

class Svg {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private count = 0;

  constructor(private readonly prefix: string) {}

  add(s: string): void {
    if (s) this.parts.push(s);
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  clip(d: string): string {
    const id = `${this.prefix}${this.count++}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return ` clip-path="url(#${id})"`;
  }

  render(w: number, h: number, outW: number, outH: number): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none">` +
      `<defs>${this.defs.join("")}</defs>${this.parts.join("")}</svg>`
    );
  }
}

/* ------------------------------------------------------------------------ */
/* Brush marks                                                               */
/* ------------------------------------------------------------------------ */

const f2 = (n: number): string => (Math.round(n * 100) / 100).toString();

interface BrushOpts {
  width: number;
  color: RGB;
  opacity: number;
  /** Number of bristle tracks laid over the body. */
  bristles: number;
  /** 0 = wet, loaded brush; 1 = nearly dry, broken stroke with a frayed tail. */
  dry: number;
  bristleOpacity?: number;
  /** Taper both ends (a scumble worked in) instead of a loaded brush landing bluntly. */
  soft?: boolean;
  /** Extra lanes of slightly different paint along the stroke: the streaky mix of a real brushload. */
  ribbons?: number;
  /** How much the width swells and pinches with hand pressure along the stroke (default small). */
  pressure?: number;
}

interface BrushMark {
  body: string;
  bristles: string;
  pts: readonly Pt[];
}

/**
 * A brush stroke as a filled, tapered polygon with ragged edges (SVG strokes
 * can't taper) plus thin tracks of lighter and darker paint that read as
 * bristle marks. Body and bristles are returned separately so the body can
 * go into a soft low-resolution layer and the tracks into the crisp one.
 * Bristles are batched into two paths per stroke to keep the SVG small.
 */
function brush(rng: Rng, pts: readonly Pt[], o: BrushOpts): BrushMark {
  const n = pts.length;
  const nrm: Pt[] = [];
  const hw: number[] = [];
  const taperIn = o.soft ? rng.range(0.2, 0.4) : rng.range(0.03, 0.2);
  const taperOut = rng.range(0.15, 0.45);
  const ph = rng.range(0, TAU);
  const ph2 = rng.range(0, TAU);
  const press = o.pressure ?? rng.range(0.05, 0.2);
  // Pressure changes every few brush-widths, so long strokes swell and pinch more often than short ones.
  const waves = Math.max(1, pathLength(pts) / (o.width * 7));
  for (let i = 0; i < n; i++) {
    const a = pts[Math.max(0, i - 1)];
    const b = pts[Math.min(n - 1, i + 1)];
    let nx = 0;
    let ny = 1;
    if (a && b) {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const l = Math.hypot(dx, dy) || 1;
      nx = -dy / l;
      ny = dx / l;
    }
    nrm.push({ x: nx, y: ny });
    const t = i / (n - 1);
    // Blunt start where a loaded brush lands, long taper as it lifts off.
    const pin = o.soft ? Math.pow(Math.min(1, t / taperIn), 0.7) : 0.5 + 0.5 * Math.min(1, t / taperIn);
    const pout = Math.pow(Math.min(1, (1 - t) / taperOut), 0.6);
    const swell = press * (Math.sin(t * waves * Math.PI + ph) * 0.7 + Math.sin(t * waves * 2.3 * Math.PI + ph2) * 0.3);
    hw.push((o.width / 2) * Math.max(0.06, pin * pout) * Math.max(0.2, 1 + swell));
  }

  const bodyEnd = Math.max(2, Math.round((n - 1) * (1 - o.dry * rng.range(0.15, 0.4))));
  const left: Pt[] = [];
  const right: Pt[] = [];
  // Edge raggedness correlated over about half a brush width, whatever the point spacing.
  const step = pathLength(pts) / Math.max(1, n - 1);
  const corr = Math.exp(-step / (o.width * 0.5 + 1e-6));
  const kick = Math.sqrt(1 - corr * corr);
  let wl = 0;
  let wr = 0;
  for (let i = 0; i <= bodyEnd; i++) {
    const p = pts[i];
    const q = nrm[i];
    const r = hw[i];
    if (!p || !q || r === undefined) continue;
    wl = wl * corr + rng.gauss() * 0.09 * kick;
    wr = wr * corr + rng.gauss() * 0.09 * kick;
    left.push({ x: p.x + q.x * r * (1 + wl), y: p.y + q.y * r * (1 + wl) });
    right.push({ x: p.x - q.x * r * (1 + wr), y: p.y - q.y * r * (1 + wr) });
  }
  // Rounded heel where the loaded brush lands, rather than a cut-paper end.
  const cap: Pt[] = [];
  const p0 = pts[0];
  const q0 = nrm[0];
  const r0 = hw[0];
  if (!o.soft && p0 && q0 && r0 !== undefined) {
    for (let k = 1; k < 6; k++) {
      const th = (k / 6) * Math.PI;
      const along = Math.sin(th) * r0 * rng.range(0.5, 0.9);
      const across = Math.cos(th) * r0;
      cap.push({ x: p0.x - q0.y * along - q0.x * across, y: p0.y + q0.x * along - q0.y * across });
    }
  }
  let body = `<path d="${polyD([...left, ...right.reverse(), ...cap], true)}" fill="${css(o.color)}" fill-opacity="${f2(o.opacity)}"/>`;
  // Lanes of lighter/darker paint that start and stop at different points, so the stroke is streaked and its tail frays.
  for (let k = o.ribbons ?? 0; k > 0; k--) {
    const ua = rng.range(-1, 0.7);
    const ub = Math.min(1, ua + rng.range(0.15, 0.6));
    const i0 = Math.floor(rng.range(0, 0.2) * (n - 1));
    const i1 = Math.min(n - 1, bodyEnd + Math.round(rng.range(-0.3, 0.25) * (n - 1)));
    if (i1 - i0 < 2) continue;
    const la: Pt[] = [];
    const lb: Pt[] = [];
    let ja = 0;
    let jb = 0;
    for (let i = i0; i <= i1; i++) {
      const p = pts[i];
      const q = nrm[i];
      const r = hw[i];
      if (!p || !q || r === undefined) continue;
      ja = ja * corr + rng.gauss() * 0.06 * kick;
      jb = jb * corr + rng.gauss() * 0.06 * kick;
      la.push({ x: p.x + q.x * r * (ua + ja), y: p.y + q.y * r * (ua + ja) });
      lb.push({ x: p.x + q.x * r * (ub + jb), y: p.y + q.y * r * (ub + jb) });
    }
    const lc = rng.chance(0.5) ? lighten(o.color, rng.range(0.05, 0.22)) : darken(o.color, rng.range(0.05, 0.2));
    body += `<path d="${polyD([...la, ...lb.reverse()], true)}" fill="${css(vary(rng, lc, 0.04))}" fill-opacity="${f2(o.opacity * rng.range(0.4, 0.85))}"/>`;
  }

  let bristles = "";
  if (o.bristles > 0) {
    const len = pathLength(pts);
    const bop = o.bristleOpacity ?? 0.5;
    // Tracks stay parallel at the full brush width (bristles don't converge), kept to where the stroke is at full width.
    const full = o.width / 2;
    const from = Math.floor((o.soft ? taperIn : 0) * (n - 1));
    const to = Math.min(Math.ceil((o.soft ? 1 - taperOut * 0.7 : 1) * (n - 1)), bodyEnd + Math.ceil(0.06 * (n - 1)));
    for (let g = 0; g < 2; g++) {
      let d = "";
      const count = Math.ceil(o.bristles / 2);
      for (let b = 0; b < count; b++) {
        const u = rng.range(-0.85, 0.85) * full;
        const i0 = from + Math.floor(rng.range(0, 0.2) * (to - from));
        const i1 = to - Math.floor(rng.range(0, 0.15) * (to - from));
        const line: Pt[] = [];
        for (let i = i0; i <= i1; i++) {
          const p = pts[i];
          const q = nrm[i];
          if (!p || !q) continue;
          line.push({ x: p.x + q.x * u, y: p.y + q.y * u });
        }
        if (line.length > 1) d += polyD(line, false);
      }
      if (!d) continue;
      const c = g === 0 ? lighten(o.color, rng.range(0.1, 0.3)) : darken(o.color, rng.range(0.1, 0.3));
      const sw = clamp(o.width * rng.range(0.02, 0.05), 0.6, 2.4);
      bristles +=
        `<path d="${d}" fill="none" stroke="${css(c)}" stroke-width="${f1(sw)}" stroke-opacity="${f2(bop * rng.range(0.5, 1))}" ` +
        // Dashing is costly in librsvg, so only genuinely dry strokes get broken tracks.
        `stroke-linecap="round" stroke-linejoin="round"${o.dry > 0.45 ? dashes(rng, len, o.dry) : ""}/>`;
    }
  }
  return { body, bristles, pts };
}

/** A run of thinned paint sliding down the canvas, ending in a bead. */
function drip(rng: Rng, x: number, y: number, len: number, width: number, color: RGB, opacity: number): string {
  const n = 6;
  const pts: Pt[] = [];
  let px = x;
  for (let i = 0; i < n; i++) {
    pts.push({ x: px, y: y + (len * i) / (n - 1) });
    px += rng.gauss() * width * 0.15;
  }
  const end = pts[n - 1] ?? { x, y: y + len };
  const c = css(color);
  return (
    `<path d="${smoothD(pts, false)}" fill="none" stroke="${c}" stroke-width="${f1(width)}" stroke-opacity="${f2(opacity)}" stroke-linecap="round"/>` +
    `<ellipse cx="${f1(end.x)}" cy="${f1(end.y)}" rx="${f1(width * 0.75)}" ry="${f1(width * 1.05)}" fill="${c}" fill-opacity="${f2(opacity)}"/>`
  );
}

/** Flicked paint: a spray of drops thinning out along a direction. */
function splatter(rng: Rng, cx: number, cy: number, spread: number, count: number, size: number, color: RGB): string {
  const dir = rng.range(0, TAU);
  let out = "";
  for (let i = 0; i < count; i++) {
    const along = Math.abs(rng.gauss()) * spread;
    const across = rng.gauss() * spread * 0.35;
    const x = cx + Math.cos(dir) * along - Math.sin(dir) * across;
    const y = cy + Math.sin(dir) * along + Math.cos(dir) * across;
    const r = size * Math.pow(rng.next(), 2.2) + 0.6;
    out += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${css(vary(rng, color, 0.06))}" fill-opacity="${f2(rng.range(0.7, 0.95))}"/>`;
  }
  return out;
}

/**
 * Graphite or crayon line: pressure changes along its length and the odd lift.
 * Crayon is drawn as a few thin, finely broken lines side by side, which
 * reads as wax catching on the tops of the weave.
 */
function pencil(rng: Rng, pts: readonly Pt[], width: number, color: RGB, opacity: number, waxy: boolean): string {
  let out = "";
  let i = 0;
  while (i < pts.length - 1) {
    const n = rng.int(6, 16);
    const chunk = pts.slice(i, Math.min(pts.length, i + n + 1));
    i += n;
    if (chunk.length < 2) break;
    if (rng.chance(0.04)) continue;
    const d = smoothD(chunk, false);
    const wv = width * rng.range(0.7, 1.25);
    const op = opacity * rng.range(0.6, 1);
    if (!waxy) {
      out += `<path d="${d}" fill="none" stroke="${css(vary(rng, color, 0.04))}" stroke-width="${f1(wv)}" stroke-opacity="${f2(op)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const off = (k - 1) * wv * 0.32;
      const parts: string[] = [];
      for (let j = 0; j < 9; j++) parts.push(f1(rng.range(1.5, 9) * wv * 0.5), f1(rng.range(0.4, 1.6) * wv * 0.4));
      out +=
        `<path d="${d}" fill="none" stroke="${css(vary(rng, color, 0.05))}" stroke-width="${f1(wv * 0.45)}" stroke-opacity="${f2(op * rng.range(0.6, 1))}" ` +
        `stroke-dasharray="${parts.join(" ")}" transform="translate(${f1(off * 0.7)} ${f1(off)})"/>`;
    }
  }
  return out;
}

/* ------------------------------------------------------------------------ */
/* Noise and pixel passes                                                    */
/* ------------------------------------------------------------------------ */

/** Smooth 1-D value noise in [-1, 1], knots every `scale` samples. */
function noise1(rng: Rng, n: number, scale: number): Float32Array {
  const knots = Math.ceil(n / scale) + 2;
  const k = new Float32Array(knots);
  for (let i = 0; i < knots; i++) k[i] = rng.range(-1, 1);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = i / scale;
    const j = Math.floor(p);
    const t = p - j;
    const s = t * t * (3 - 2 * t);
    out[i] = (k[j] ?? 0) * (1 - s) + (k[j + 1] ?? 0) * s;
  }
  return out;
}

/** Smoothed random grid sampled at (u, v) in cell units, values in [-1, 1]. */
class Grid2 {
  private readonly v: Float32Array;
  constructor(
    rng: Rng,
    private readonly gw: number,
    private readonly gh: number,
  ) {
    this.v = new Float32Array((gw + 2) * (gh + 2));
    for (let i = 0; i < this.v.length; i++) this.v[i] = rng.range(-1, 1);
  }
  at(u: number, v: number): number {
    const cu = clamp(u, 0, this.gw);
    const cv = clamp(v, 0, this.gh);
    const i = Math.floor(cu);
    const j = Math.floor(cv);
    let s = cu - i;
    let t = cv - j;
    s = s * s * (3 - 2 * s);
    t = t * t * (3 - 2 * t);
    const row = this.gw + 2;
    const a = this.v[j * row + i] ?? 0;
    const b = this.v[j * row + i + 1] ?? 0;
    const c = this.v[(j + 1) * row + i] ?? 0;
    const d = this.v[(j + 1) * row + i + 1] ?? 0;
    return (a * (1 - s) + b * s) * (1 - t) + (c * (1 - s) + d * s) * t;
  }
}

/**
 * Smooth 3-channel value noise, w x h, with about cellsX x cellsY features:
 * a small random image upscaled by libvips, far cheaper than feTurbulence or
 * per-pixel JS noise. Unequal cell counts give streaky, anisotropic noise.
 * The random draws happen synchronously, so call order alone fixes the result.
 */
function noiseField(rng: Rng, w: number, h: number, cellsX: number, cellsY: number): Promise<Buffer> {
  const gw = Math.max(2, Math.round(cellsX) + 1);
  const gh = Math.max(2, Math.round(cellsY) + 1);
  const raw = Buffer.alloc(gw * gh * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(rng.next() * 256);
  return sharp(raw, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(w, h, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
}

interface Warp {
  /** Displacement in full-resolution pixels for broad and fine noise, and their feature sizes. */
  amp: number;
  scale: number;
  fineAmp: number;
  fineScale: number;
}

/** Displaces pixels along smooth noise: straight-drawn edges wander, bleed and feather like paint in cloth. */
function warpPixels(
  src: Buffer,
  w: number,
  h: number,
  coarse: Buffer,
  fine: Buffer,
  ampC: number,
  ampF: number,
): Buffer {
  if (w < 3 || h < 3) return src;
  const out = Buffer.allocUnsafe(src.length);
  // Cubic-upscaled uniform noise clusters around the middle, hence the generous gain.
  const kc = (ampC * 2) / 128;
  const kf = (ampF * 2) / 128;
  const maxX = w - 1.001;
  const maxY = h - 1.001;
  const row = w * 3;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      let sx = x + ((coarse[i] ?? 128) - 128) * kc + ((fine[i] ?? 128) - 128) * kf;
      let sy = y + ((coarse[i + 1] ?? 128) - 128) * kc + ((fine[i + 1] ?? 128) - 128) * kf;
      sx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
      sy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const j = y0 * row + x0 * 3;
      for (let c = 0; c < 3; c++) {
        const a = src[j + c] ?? 0;
        const b = src[j + 3 + c] ?? 0;
        const d = src[j + row + c] ?? 0;
        const e = src[j + row + 3 + c] ?? 0;
        out[i + c] = (a + (b - a) * fx) * (1 - fy) + (d + (e - d) * fx) * fy + 0.5;
      }
    }
  }
  return out;
}

/* ------------------------------------------------------------------------ */
/* Painting plans                                                            */
/* ------------------------------------------------------------------------ */

interface Ctx {
  rng: Rng;
  w: number;
  h: number;
  /** Size unit: 1 at a 1000 px short side, so compositions scale with output size. */
  s: number;
  pal: Palette;
}

type Blend = "over" | "multiply";

interface Layer {
  svg: Svg;
  /** Gaussian sigma in full-resolution pixels, applied by libvips. */
  blur: number;
  blend: Blend;
}

interface TextureOpts {
  weave: number;
  grain: number;
  mottle: number;
}

interface Plan {
  ground: RGB;
  /** Resolution factor of the soft layers; they are blurred anyway, so lower is faster at no visible cost. */
  underScale: number;
  layers: readonly Layer[];
  over: Svg;
  warp?: Warp;
  /** Optional pixel pass over the composited soft layers (RGB, reduced size). */
  post?: (px: Buffer, w: number, h: number) => Promise<void>;
  texture: TextureOpts;
}

/** Collects the soft layers (bottom to top) and the crisp mark layer of one painting. */
class Canvas {
  readonly layers: Layer[] = [];
  readonly over = new Svg("o");

  layer(blur: number, blend: Blend = "over"): Svg {
    const svg = new Svg(`l${this.layers.length}_`);
    this.layers.push({ svg, blur, blend });
    return svg;
  }
}

interface Style {
  name: string;
  palettes: readonly string[];
  paint: (c: Ctx) => Plan;
}

function bgRect(w: number, h: number, c: RGB): string {
  return `<rect x="-20" y="-20" width="${w + 40}" height="${h + 40}" fill="${css(c)}"/>`;
}

function shape(d: string, c: RGB, opacity: number): string {
  return `<path d="${d}" fill="${css(c)}" fill-opacity="${f2(opacity)}"/>`;
}

/** Broad, low-opacity strokes that keep a ground from looking like flat fill. */
function scumbleGround(rng: Rng, svg: Svg, c: Ctx, base: RGB, count: number, amount: number): void {
  const { w, h, s } = c;
  for (let i = 0; i < count; i++) {
    const len = rng.range(0.3, 0.9) * Math.max(w, h);
    const pts = wander(
      rng,
      rng.range(-0.2, 1) * w,
      rng.range(0, 1) * h,
      rng.range(-0.5, 0.5) + (rng.chance(0.5) ? 0 : Math.PI / 2),
      len,
      rng.gauss() * 0.6,
      0.04,
      14,
    );
    svg.add(
      brush(rng, pts, {
        width: rng.range(80, 260) * s,
        color: vary(rng, base, amount),
        opacity: rng.range(0.15, 0.35),
        bristles: 0,
        dry: 0.3,
        soft: true,
      }).body,
    );
  }
}

/* --- 1. Colour field (Rothko): stacked soft-edged rectangles floating on a stained ground. */

function colourField(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const back = cv.layer(18);
  const bodies = cv.layer(8);
  const veils = cv.layer(16);
  const scumble = cv.layer(2.5);
  const cols = rng.shuffle([...pal.colors, pal.accent, pal.dark]);
  const ground = mix(rng.pick(cols), pal.dark, rng.range(0, 0.3));
  back.add(bgRect(w, h, ground));
  scumbleGround(rng, back, c, ground, 10, 0.12);

  const rows = w / h < 1.25 || rng.chance(0.5);
  const n = rng.pick([2, 2, 3, 3, 3]);
  const main = rows ? h : w;
  const cross = rows ? w : h;
  const margin = cross * rng.range(0.06, 0.1);
  const end = main * rng.range(0.04, 0.08);
  const gap = main * rng.range(0.025, 0.05);
  const weights: number[] = [];
  for (let i = 0; i < n; i++) weights.push(rng.chance(0.2) ? rng.range(0.12, 0.25) : rng.range(0.5, 1.6));
  const total = weights.reduce((a, b) => a + b, 0);
  const avail = main - 2 * end - gap * (n - 1);
  const candidates = cols.filter((col) => dist(col, ground) > 70);
  const fieldCols = candidates.length >= 2 ? candidates : [lighten(ground, 0.4), darken(ground, 0.4)];

  let pos = end;
  let prev: RGB | null = null;
  for (let i = 0; i < n; i++) {
    const size = (avail * (weights[i] ?? 1)) / total;
    let col = rng.pick(fieldCols);
    if (prev && dist(col, prev) < 30) col = rng.pick(fieldCols);
    prev = col;
    const x = rows ? margin : pos;
    const y = rows ? pos : margin;
    const fw = rows ? cross - 2 * margin : size;
    const fh = rows ? size : cross - 2 * margin;
    pos += size + gap;

    const pad = 14 * s;
    back.add(
      shape(
        polyD(raggedRect(rng, x - pad, y - pad, fw + 2 * pad, fh + 2 * pad, 6 * s, 40 * s), true),
        mix(col, ground, 0.5),
        0.55,
      ),
    );
    bodies.add(shape(polyD(raggedRect(rng, x, y, fw, fh, 3 * s, 30 * s), true), col, rng.range(0.84, 0.95)));
    // Veils: thinner glazes of a neighbouring tone, and sometimes a lighter core, as Rothko built fields up.
    for (let k = 0; k < rng.int(2, 3); k++) {
      const inset = rng.range(0.04, 0.16) * Math.min(fw, fh);
      const gc = rng.chance(0.5) ? vary(rng, col, 0.18) : mix(col, rng.pick(cols), 0.3);
      veils.add(
        shape(
          polyD(
            raggedRect(
              rng,
              x + inset * rng.range(0.5, 1.5),
              y + inset * rng.range(0.5, 1.5),
              fw - 2 * inset,
              fh - 2 * inset,
              8 * s,
              40 * s,
            ),
            true,
          ),
          gc,
          rng.range(0.15, 0.35),
        ),
      );
    }
    // Scumbled brushing inside the field; some of its bristle tracks go to the crisp layer.
    const horizontal = fw >= fh;
    const along = horizontal ? fw : fh;
    const across = horizontal ? fh : fw;
    const strokes = Math.round(16 + (fw * fh) / (60000 * s * s));
    for (let k = 0; k < strokes; k++) {
      const len = along * rng.range(0.25, 0.8);
      const sx = horizontal ? x + rng.range(-0.05, 1) * (fw - len * 0.8) : x + rng.range(0.05, 0.95) * fw;
      const sy = horizontal ? y + rng.range(0.05, 0.95) * fh : y + rng.range(-0.05, 1) * (fh - len * 0.8);
      // Strokes go both ways across the field.
      const reverse = rng.chance(0.5);
      const ang = (horizontal ? 0 : Math.PI / 2) + rng.gauss() * 0.08 + (reverse ? Math.PI : 0);
      const sp = reverse ? { x: horizontal ? sx + len : sx, y: horizontal ? sy : sy + len } : { x: sx, y: sy };
      const pts = wander(rng, sp.x, sp.y, ang, len, rng.gauss() * 0.25, 0.02, 14);
      const sc = rng.chance(0.7) ? vary(rng, col, 0.14) : mix(col, ground, rng.range(0.2, 0.5));
      const m = brush(rng, pts, {
        width: Math.min(across * rng.range(0.08, 0.3), 160 * s),
        color: sc,
        opacity: rng.range(0.1, 0.25),
        bristles: rng.int(4, 8),
        dry: rng.range(0.4, 0.9),
        bristleOpacity: 0.13,
        soft: true,
      });
      scumble.add(m.body);
      if (k % 3 === 0) cv.over.add(m.bristles);
    }
  }
  return {
    ground,
    underScale: 0.4,
    layers: cv.layers,
    over: cv.over,
    warp: { amp: 9, scale: 170, fineAmp: 2.2, fineScale: 40 },
    texture: { weave: 0.8, grain: 1, mottle: 0.9 },
  };
}

/* --- 2. Soak-stain (Frankenthaler): thinned colour poured into raw canvas. */

function soakStain(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const base = cv.layer(12);
  const halos = cv.layer(26, "multiply");
  // Stains are spread over a few multiply layers so most overlaps darken like dyes.
  const stainLayers = [cv.layer(3, "multiply"), cv.layer(4, "multiply"), cv.layer(2.5, "multiply")];
  const canvas = mix(hex("#e9dfca"), pal.ground, luma(pal.ground) > 0.6 ? 0.3 : 0);
  base.add(bgRect(w, h, canvas));
  // Unprimed duck is never even: sizing marks and handling.
  scumbleGround(rng, base, c, canvas, 6, 0.05);

  // Thinned paint soaks like dye: greyed or very dark tube colours overlap into mud, so keep clean
  // colours, lift dark ones to a dye-like value, and use only a few, as the stain painters did.
  const pool = [...pal.colors, pal.accent]
    .filter((col) => dist(col, canvas) > 60 && saturation(col) > 0.3 && luma(col) > 0.15)
    .map((col) => (luma(col) < 0.3 ? lighten(col, 0.3) : col));
  const cols = (pool.length >= 2 ? rng.shuffle(pool) : [pal.accent, hex("#c0533a"), hex("#3d7fa6")]).slice(0, 4);
  const stains = rng.int(4, 7);
  const minDim = Math.min(w, h);
  const gx = rng.range(0.3, 0.7) * w;
  const gy = rng.range(0.3, 0.7) * h;
  for (let i = 0; i < stains; i++) {
    const col = cols[i % cols.length] ?? pal.accent;
    const layer = stainLayers[i % stainLayers.length] ?? base;
    const cx = clamp(gx + rng.gauss() * w * 0.22, 0.05 * w, 0.95 * w);
    const cy = clamp(gy + rng.gauss() * h * 0.22, 0.05 * h, 0.95 * h);
    const r = minDim * (i < 2 ? rng.range(0.16, 0.3) : rng.range(0.06, 0.18));
    const outline = blob(rng, cx, cy, r * rng.range(0.7, 1.6), r * rng.range(0.4, 1.0), rng.range(0.2, 0.4), 40);
    const d = smoothD(outline, true);
    const op = rng.range(0.3, 0.55);
    // The thinnest medium travels furthest into the weave.
    const halo = outline.map((q) => ({ x: cx + (q.x - cx) * 1.08, y: cy + (q.y - cy) * 1.08 }));
    halos.add(shape(smoothD(halo, true), lighten(col, 0.3), op * 0.55));
    layer.add(shape(d, col, op));
    // Uneven soaking: denser pools and pale blooms inside the stain.
    for (let k = 0; k < rng.int(2, 4); k++) {
      const inner = blob(
        rng,
        cx + rng.gauss() * r * 0.35,
        cy + rng.gauss() * r * 0.3,
        r * rng.range(0.2, 0.55),
        r * rng.range(0.15, 0.4),
        0.35,
        24,
      );
      const bloom = rng.chance(0.35);
      layer.add(
        shape(
          smoothD(inner, true),
          bloom ? lighten(col, 0.45) : vary(rng, darken(col, 0.1), 0.08),
          bloom ? rng.range(0.2, 0.4) : rng.range(0.2, 0.45),
        ),
      );
    }
    // Pigment collects where the stain dries: an intermittent, darker tide line.
    layer.add(
      `<path d="${d}" fill="none" stroke="${css(darken(col, 0.3))}" stroke-width="${f1(rng.range(3, 8) * s)}" stroke-opacity="${f2(op * 0.7)}"${dashes(rng, pathLength(outline), 0.35)}/>`,
    );
  }
  // Poured rivulets linking the pools.
  for (let i = 0; i < rng.int(1, 3); i++) {
    const col = rng.pick(cols);
    const pts = wander(
      rng,
      rng.range(0, w),
      rng.range(0, h),
      rng.range(0, TAU),
      minDim * rng.range(0.4, 0.9),
      rng.gauss() * 1.5,
      0.1,
      16,
    );
    const layer = stainLayers[i % stainLayers.length] ?? base;
    layer.add(
      brush(rng, pts, {
        width: minDim * rng.range(0.03, 0.08),
        color: col,
        opacity: rng.range(0.3, 0.5),
        bristles: 0,
        dry: 0,
        soft: true,
      }).body,
    );
  }
  // A few crisp accents: flicked drops and the odd drawn line, as in the later stain paintings.
  for (let i = 0; i < rng.int(1, 3); i++) {
    cv.over.add(
      splatter(rng, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, 60 * s, rng.int(8, 25), 5 * s, rng.pick(cols)),
    );
  }
  if (rng.chance(0.5)) {
    const pts = wander(
      rng,
      rng.range(0.1, 0.5) * w,
      rng.range(0.2, 0.8) * h,
      rng.range(-0.6, 0.6),
      w * rng.range(0.2, 0.5),
      rng.gauss(),
      0.05,
      20,
    );
    const m = brush(rng, pts, {
      width: 7 * s,
      color: darken(rng.pick(cols), 0.3),
      opacity: 0.8,
      bristles: 4,
      dry: 0.6,
    });
    cv.over.add(m.body + m.bristles);
  }
  return {
    ground: canvas,
    underScale: 0.45,
    layers: cv.layers,
    over: cv.over,
    warp: { amp: 26, scale: 190, fineAmp: 7, fineScale: 26 },
    texture: { weave: 1.6, grain: 1, mottle: 0.7 },
  };
}

/* --- 3. Gestural (Joan Mitchell / de Kooning): dense clusters of slashing strokes on a light ground. */

function gestural(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const washes = cv.layer(26);
  const over = cv.over;
  const ground = luma(pal.ground) > 0.6 ? pal.ground : pal.light;
  washes.add(bgRect(w, h, ground));
  scumbleGround(rng, washes, c, ground, 8, 0.06);
  const minDim = Math.min(w, h);
  const cols = [...pal.colors, pal.accent].filter((col) => dist(col, ground) > 50);
  const palette = cols.length >= 2 ? cols : [pal.dark, pal.accent];

  for (let i = 0; i < rng.int(4, 8); i++) {
    const b = blob(
      rng,
      rng.range(0.1, 0.9) * w,
      rng.range(0.1, 0.9) * h,
      minDim * rng.range(0.1, 0.3),
      minDim * rng.range(0.08, 0.2),
      0.3,
      20,
    );
    washes.add(shape(smoothD(b, true), lighten(rng.pick(palette), rng.range(0.45, 0.75)), rng.range(0.25, 0.5)));
  }

  interface Mark {
    width: number;
    draw: () => string;
  }
  const marks: Mark[] = [];
  const clusters = rng.int(1, 3);
  const centres: Pt[] = [];
  for (let k = 0; k < clusters; k++) {
    const cx = (clusters === 1 ? rng.range(0.38, 0.62) : rng.range(0.2, 0.8)) * w;
    const cy = rng.range(0.35, 0.65) * h;
    centres.push({ x: cx, y: cy });
    const sx = w * rng.range(0.08, 0.15) * (clusters === 1 ? 1.4 : 1);
    const sy = h * rng.range(0.08, 0.15) * (clusters === 1 ? 1.4 : 1);
    const r = rng.next();
    const dir =
      r < 0.5
        ? Math.PI / 2 + rng.gauss() * 0.3
        : r < 0.8
          ? rng.pick([Math.PI / 4, (3 * Math.PI) / 4]) + rng.gauss() * 0.2
          : rng.gauss() * 0.2;
    const local = rng.shuffle(palette).slice(0, rng.int(2, 4));
    // A pale mass needs a few dark or hot strokes to hold together, as Mitchell's always have.
    if (local.every((col) => luma(col) > 0.55)) local.push(pal.dark, pal.accent);
    // Broad, thin underpainting of the mass: colour that the gestures sit in.
    for (let i = rng.int(14, 24); i > 0; i--) {
      const len = minDim * rng.range(0.1, 0.3);
      const ang = dir + rng.gauss() * 0.6;
      const x0 = cx + rng.gauss() * sx - (Math.cos(ang) * len) / 2;
      const y0 = cy + rng.gauss() * sy - (Math.sin(ang) * len) / 2;
      const base = rng.pick(local);
      const color = rng.chance(0.5) ? lighten(base, rng.range(0.2, 0.45)) : vary(rng, base, 0.1);
      const width = s * rng.range(35, 90);
      marks.push({
        width: width * 2,
        draw: () => {
          const m = brush(rng, wander(rng, x0, y0, ang, len, rng.gauss() * 0.5, 0.05, 14), {
            width,
            color,
            opacity: rng.range(0.3, 0.55),
            // Mostly buried under the gestures, so fewer streaks: they cost render time, not looks.
            bristles: 4,
            dry: 0.8,
            ribbons: 2,
            bristleOpacity: 0.3,
          });
          return m.body + m.bristles;
        },
      });
    }
    const count = Math.round(rng.range(70, 105) / Math.sqrt(clusters));
    for (let i = 0; i < count; i++) {
      const width = s * (4 + Math.pow(rng.next(), 1.6) * rng.range(20, 55));
      const long = rng.chance(0.12);
      // Slashes, several times longer than wide, not dabs.
      const len = Math.min(
        minDim * 0.5,
        long ? minDim * rng.range(0.25, 0.45) : Math.max(width * rng.range(4, 12), minDim * rng.range(0.05, 0.12)),
      );
      const ang = (rng.chance(0.25) ? dir + Math.PI / 2 : dir) + rng.gauss() * 0.45;
      const x0 = cx + rng.gauss() * sx - (Math.cos(ang) * len) / 2;
      const y0 = cy + rng.gauss() * sy - (Math.sin(ang) * len) / 2;
      const base = rng.pick(local);
      const color = rng.chance(0.3) ? mix(base, rng.pick(palette), rng.range(0.2, 0.5)) : vary(rng, base, 0.12);
      const dry = rng.range(0.1, 0.9);
      const npts = Math.round(clamp(len / (10 * s), 8, 36));
      const hook = rng.chance(0.25) ? rng.gauss() * 1.4 : 0;
      marks.push({
        width,
        draw: () => {
          const pts = wander(rng, x0, y0, ang, len, rng.gauss() * 0.5, 0.05, npts, hook);
          const m = brush(rng, pts, {
            width,
            color,
            opacity: rng.range(0.8, 0.97),
            bristles: Math.min(8, Math.round(2 + width / (7 * s))),
            dry,
            bristleOpacity: 0.4,
            ribbons: width > 8 * s ? rng.int(1, 3) : 0,
          });
          let out = m.body + m.bristles;
          if (width > 10 * s && rng.chance(0.3)) {
            const p = m.pts[Math.floor(rng.range(0.2, 0.8) * m.pts.length)];
            if (p)
              out += drip(
                rng,
                p.x + rng.gauss() * width * 0.2,
                p.y,
                h * rng.range(0.03, 0.2),
                s * rng.range(1.5, 4),
                color,
                0.85,
              );
          }
          return out;
        },
      });
    }
  }
  // Fast calligraphic lines tying the masses together.
  for (let i = rng.int(2, 5); i > 0; i--) {
    const color = rng.pick(palette);
    const width = s * rng.range(4, 9);
    marks.push({
      width,
      draw: () => {
        const pts = wander(
          rng,
          rng.range(0.2, 0.8) * w,
          rng.range(0.2, 0.8) * h,
          rng.range(0, TAU),
          minDim * rng.range(0.15, 0.35),
          rng.gauss() * 0.8,
          0.12,
          24,
          rng.gauss(),
        );
        const m = brush(rng, pts, { width, color, opacity: 0.85, bristles: 2, dry: 0.7, ribbons: 1 });
        return m.body + m.bristles;
      },
    });
  }
  // Wide strokes first, then finer ones on top: the order a painter works in.
  marks.sort((a, b) => b.width - a.width);
  marks.forEach((m, i) => {
    over.add(m.draw());
    // Painting back into the mass with the ground colour, partway through.
    if (i === Math.floor(marks.length * 0.6)) {
      for (let k = 0; k < rng.int(8, 16); k++) {
        const at = rng.pick(centres);
        const pts = wander(
          rng,
          at.x + rng.gauss() * w * 0.15,
          at.y + rng.gauss() * h * 0.15,
          rng.range(0, TAU),
          minDim * rng.range(0.06, 0.2),
          rng.gauss(),
          0.05,
          12,
        );
        const b = brush(rng, pts, {
          width: s * rng.range(15, 50),
          color: vary(rng, ground, 0.04),
          opacity: rng.range(0.75, 0.92),
          bristles: 6,
          dry: 0.6,
          bristleOpacity: 0.3,
          ribbons: 2,
        });
        over.add(b.body + b.bristles);
      }
    }
  });
  for (let i = 0; i < rng.int(1, 4); i++) {
    over.add(
      splatter(
        rng,
        rng.range(0.2, 0.8) * w,
        rng.range(0.2, 0.8) * h,
        80 * s,
        rng.int(10, 30),
        4 * s,
        rng.pick(palette),
      ),
    );
  }
  return {
    ground,
    underScale: 0.4,
    layers: cv.layers,
    over,
    warp: { amp: 7, scale: 70, fineAmp: 3, fineScale: 12 },
    texture: { weave: 0.9, grain: 1, mottle: 0.5 },
  };
}

/* --- 4. Scribble (Cy Twombly): looping graphite and crayon lines over rubbed white paint. */

/** Cursive loops advancing along a line, irregular the way a fast wrist is. */
function loops(
  rng: Rng,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  radius: number,
  tilt: number,
  perLoop = 16,
): Pt[] {
  const n = Math.max(8, Math.round(count * perLoop));
  const pts: Pt[] = [];
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const sway = rng.range(-0.1, 0.1) * len;
  const sway2 = rng.range(-0.03, 0.03) * len;
  const ph2 = rng.range(0, TAU);
  let r = radius;
  let ecc = rng.range(0.6, 0.9);
  let ph = rng.range(0, TAU);
  let t = 0;
  for (let i = 0; i < n; i++) {
    t = Math.min(1, t + (1 / (n - 1)) * clamp(1 + rng.gauss() * 0.35, 0.3, 1.8));
    r = clamp(r + rng.gauss() * radius * 0.06, radius * 0.4, radius * 1.6);
    ecc = clamp(ecc + rng.gauss() * 0.03, 0.35, 1.1);
    ph += ((count * TAU) / n) * clamp(1 + rng.gauss() * 0.12, 0.6, 1.4);
    const off = Math.sin(t * Math.PI) * sway + Math.sin(t * 7 + ph2) * sway2;
    const bx = x0 + (x1 - x0) * t - uy * off;
    const by = y0 + (y1 - y0) * t + ux * off;
    const lx = Math.cos(ph) * r * ecc;
    const ly = Math.sin(ph) * r;
    pts.push({
      x: bx + lx * Math.cos(tilt) - ly * Math.sin(tilt) + rng.gauss() * radius * 0.01,
      y: by + lx * Math.sin(tilt) + ly * Math.cos(tilt) + rng.gauss() * radius * 0.01,
    });
  }
  // A hand at speed doesn't kink: low-pass the jitter away.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 1; i < pts.length - 1; i++) {
      const a = pts[i - 1];
      const b = pts[i];
      const c = pts[i + 1];
      if (a && b && c) pts[i] = { x: (a.x + 2 * b.x + c.x) / 4, y: (a.y + 2 * b.y + c.y) / 4 };
    }
  }
  return pts;
}

function scribble(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const washes = cv.layer(16);
  const over = cv.over;
  const minDim = Math.min(w, h);
  const warp: Warp = { amp: 16, scale: 110, fineAmp: 5, fineScale: 18 };

  if (luma(pal.ground) < 0.35) {
    // The "blackboard" paintings: rows of chalky loops on grey-black house paint.
    const ground = mix(pal.ground, hex("#3a3d3f"), 0.5);
    washes.add(bgRect(w, h, ground));
    scumbleGround(rng, washes, c, ground, 10, 0.1);
    const chalk = luma(pal.light) > 0.8 ? pal.light : hex("#e9e6df");
    for (let i = 0; i < 12; i++) {
      const pts = wander(
        rng,
        rng.range(-0.2, 0.6) * w,
        rng.range(0, 1) * h,
        rng.gauss() * 0.1,
        w * rng.range(0.4, 1),
        0,
        0.02,
        10,
      );
      washes.add(
        brush(rng, pts, {
          width: rng.range(40, 140) * s,
          color: chalk,
          opacity: rng.range(0.04, 0.1),
          bristles: 0,
          dry: 0.5,
          soft: true,
        }).body,
      );
    }
    const rows = rng.int(4, 7);
    const rowH = h / (rows + 0.6);
    for (let r = 0; r < rows; r++) {
      const y = rowH * (r + 0.8) + rng.gauss() * rowH * 0.08;
      const count = rng.int(Math.round(w / (rowH * 0.9)), Math.round(w / (rowH * 0.5)));
      const pts = loops(
        rng,
        -0.03 * w,
        y,
        1.03 * w,
        y + rng.gauss() * rowH * 0.2,
        count,
        rowH * rng.range(0.3, 0.42),
        rng.range(-0.5, 0.1),
      );
      over.add(pencil(rng, pts, rng.range(2.4, 4) * s, vary(rng, chalk, 0.05), rng.range(0.6, 0.85), true));
    }
    return { ground, underScale: 0.4, layers: cv.layers, over, warp, texture: { weave: 0.8, grain: 1.4, mottle: 1.1 } };
  }

  const ground = mix(luma(pal.ground) > 0.6 ? pal.ground : pal.light, hex("#e8e3d8"), 0.5);
  washes.add(bgRect(w, h, ground));
  // Layers of white house paint rubbed over earlier drawing, and greyed smudges where a hand dragged through.
  for (let i = 0; i < rng.int(10, 16); i++) {
    const b = blob(
      rng,
      rng.range(0, 1) * w,
      rng.range(0, 1) * h,
      minDim * rng.range(0.1, 0.35),
      minDim * rng.range(0.08, 0.25),
      0.35,
      20,
    );
    const col = rng.chance(0.6) ? lighten(ground, rng.range(0.3, 0.7)) : darken(ground, rng.range(0.04, 0.12));
    washes.add(shape(smoothD(b, true), col, rng.range(0.3, 0.65)));
  }
  const graphite = hex("#3b3a39");
  for (let i = 0; i < rng.int(2, 5); i++) {
    const b = blob(
      rng,
      rng.range(0.1, 0.9) * w,
      rng.range(0.1, 0.9) * h,
      minDim * rng.range(0.05, 0.15),
      minDim * rng.range(0.03, 0.08),
      0.4,
      18,
    );
    washes.add(shape(smoothD(b, true), graphite, rng.range(0.04, 0.1)));
  }
  const crayons = [pal.accent, hex("#b52a2a"), ...pal.colors.filter((col) => dist(col, ground) > 90)];
  if (rng.chance(0.5)) {
    // The late "Bacchus" paintings: big looping lines of red paint, running with drips.
    const paint = rng.pick([hex("#a3202a"), hex("#8c1c2b"), hex("#b4313a"), pal.accent]);
    const rows = rng.int(2, 3);
    for (let i = 0; i < rows; i++) {
      const y0 = h * (0.12 + (0.76 * (i + rng.range(0.3, 0.7))) / rows);
      const x0 = w * rng.range(-0.05, 0.12);
      const x1 = w * rng.range(0.88, 1.05);
      const radius = (h / rows) * rng.range(0.25, 0.38);
      const count = Math.max(3, Math.round((x1 - x0) / (radius * rng.range(1.1, 1.8))));
      const pts = loops(rng, x0, y0, x1, y0 + rng.gauss() * h * 0.04, count, radius, rng.range(-0.35, 0.2), 40);
      const col = vary(rng, paint, 0.06);
      const m = brush(rng, pts, {
        width: s * rng.range(12, 26),
        color: col,
        opacity: 0.9,
        bristles: 10,
        dry: 0.45,
        ribbons: 4,
        bristleOpacity: 0.35,
        pressure: 0.45,
      });
      over.add(m.body + m.bristles);
      // Paint runs from the bottoms of the loops.
      for (let k = 1; k < pts.length - 1; k++) {
        const p = pts[k];
        const a = pts[k - 1];
        const b = pts[k + 1];
        if (p && a && b && p.y > a.y && p.y >= b.y && rng.chance(0.45))
          over.add(drip(rng, p.x, p.y, h * rng.range(0.02, 0.22), s * rng.range(2.5, 5), col, 0.85));
      }
    }
    for (let i = rng.int(1, 3); i > 0; i--) {
      const pts = loops(
        rng,
        rng.range(0.1, 0.6) * w,
        rng.range(0.1, 0.9) * h,
        rng.range(0.4, 0.9) * w,
        rng.range(0.1, 0.9) * h,
        rng.int(3, 8),
        minDim * rng.range(0.03, 0.07),
        rng.range(-0.5, 0.3),
      );
      over.add(pencil(rng, pts, rng.range(1.8, 3) * s, graphite, 0.7, false));
    }
    return { ground, underScale: 0.4, layers: cv.layers, over, warp, texture: { weave: 1, grain: 1.2, mottle: 1.1 } };
  }
  // Patches of thinned colour rubbed in, which the drawing runs over.
  for (let i = rng.int(1, 3); i > 0; i--) {
    const b = blob(
      rng,
      rng.range(0.15, 0.85) * w,
      rng.range(0.15, 0.85) * h,
      minDim * rng.range(0.06, 0.16),
      minDim * rng.range(0.04, 0.1),
      0.4,
      20,
    );
    washes.add(shape(smoothD(b, true), lighten(rng.pick(crayons), rng.range(0.1, 0.4)), rng.range(0.3, 0.55)));
  }
  const lines = rng.int(6, 10);
  for (let i = 0; i < lines; i++) {
    const x0 = rng.range(0.02, 0.6) * w;
    const y0 = rng.range(0.1, 0.9) * h;
    const len = w * rng.range(0.15, 0.55);
    const ang = rng.gauss() * 0.35;
    const radius = minDim * rng.range(0.025, 0.08);
    const count = Math.max(3, Math.round(len / (radius * rng.range(0.9, 2.2))));
    const pts = loops(
      rng,
      x0,
      y0,
      x0 + Math.cos(ang) * len,
      y0 + Math.sin(ang) * len,
      count,
      radius,
      rng.range(-0.6, 0.3),
    );
    const crayon = rng.chance(0.5);
    over.add(
      pencil(
        rng,
        pts,
        (crayon ? rng.range(4.5, 8) : rng.range(2.6, 4.5)) * s,
        crayon ? rng.pick(crayons) : vary(rng, graphite, 0.08),
        rng.range(0.65, 0.9),
        crayon,
      ),
    );
  }
  // Dense hatched tangles.
  for (let i = 0; i < rng.int(1, 3); i++) {
    const cx = rng.range(0.15, 0.85) * w;
    const cy = rng.range(0.15, 0.85) * h;
    const sz = minDim * rng.range(0.04, 0.1);
    const pts: Pt[] = [];
    for (let k = 0; k < rng.int(14, 30); k++) pts.push({ x: cx + rng.gauss() * sz, y: cy + rng.gauss() * sz * 0.6 });
    over.add(pencil(rng, pts, 1.6 * s, graphite, 0.7, false));
  }
  // A shaky pencil box, one of Twombly's recurring signs.
  if (rng.chance(0.5)) {
    const bw = minDim * rng.range(0.08, 0.18);
    const bh = bw * rng.range(0.5, 1.2);
    const pts = raggedRect(rng, rng.range(0.1, 0.8) * w, rng.range(0.1, 0.8) * h, bw, bh, 1.5 * s, 12 * s);
    const first = pts[0];
    if (first) pts.push(first);
    over.add(pencil(rng, pts, 1.8 * s, graphite, 0.75, false));
  }
  // Smears of paint pushed with fingers, with the odd run.
  const paints = [hex("#b8292f"), hex("#d77a86"), pal.accent, ...crayons];
  for (let i = 0; i < rng.int(1, 4); i++) {
    const col = rng.pick(paints);
    const x = rng.range(0.1, 0.9) * w;
    const y = rng.range(0.1, 0.85) * h;
    for (let k = 0; k < rng.int(2, 5); k++) {
      const pts = wander(
        rng,
        x + rng.gauss() * 20 * s,
        y + rng.gauss() * 20 * s,
        rng.range(0, TAU),
        minDim * rng.range(0.03, 0.09),
        rng.gauss(),
        0.1,
        8,
      );
      const m = brush(rng, pts, {
        width: s * rng.range(12, 30),
        color: vary(rng, col, 0.1),
        opacity: rng.range(0.5, 0.9),
        bristles: 6,
        dry: 0.7,
      });
      over.add(m.body + m.bristles);
    }
    if (rng.chance(0.5)) over.add(drip(rng, x, y, h * rng.range(0.04, 0.15), 2.5 * s, col, 0.8));
  }
  return { ground, underScale: 0.4, layers: cv.layers, over, warp, texture: { weave: 1, grain: 1.2, mottle: 1.1 } };
}

/* --- 5. Painted geometry (Sean Scully stripes / Hans Hofmann slabs). */

/**
 * A rectangle laid in with a wide brush: an underpaint peeking out at the
 * edges, a slightly wobbly body and visible strokes running `horizontal`ly or not.
 */
function paintedRect(
  c: Ctx,
  paint: Svg,
  over: Svg,
  x: number,
  y: number,
  rw: number,
  rh: number,
  col: RGB,
  underCol: RGB,
  horizontal: boolean,
): void {
  const { rng, s } = c;
  const e = rng.range(3, 9) * s;
  paint.add(shape(polyD(raggedRect(rng, x - e, y - e, rw + 2 * e, rh + 2 * e, 3 * s, 16 * s), true), underCol, 0.9));
  paint.add(shape(polyD(raggedRect(rng, x, y, rw, rh, 2.5 * s, 14 * s), true), col, rng.range(0.86, 0.96)));
  const along = horizontal ? rw : rh;
  const across = horizontal ? rh : rw;
  const lanes = Math.max(2, Math.round(across / (rng.range(25, 45) * s)));
  for (let l = 0; l < lanes; l++) {
    let t = -rng.range(0, 0.1) * along;
    while (t < along) {
      const len = Math.min(along - t, along * rng.range(0.45, 1)) + 10 * s;
      const off = ((l + 0.5) / lanes) * across + rng.gauss() * 4 * s;
      const reverse = rng.chance(0.5);
      const a = horizontal ? 0 : Math.PI / 2;
      const sx = horizontal ? x + t + (reverse ? len : 0) : x + off;
      const sy = horizontal ? y + off : y + t + (reverse ? len : 0);
      const pts = wander(rng, sx, sy, a + (reverse ? Math.PI : 0), len, rng.gauss() * 0.06, 0.006, 12);
      const m = brush(rng, pts, {
        width: (across / lanes) * rng.range(1, 1.8),
        color: vary(rng, col, 0.1),
        opacity: rng.range(0.25, 0.5),
        bristles: rng.int(4, 8),
        dry: rng.range(0.3, 0.8),
        bristleOpacity: 0.3,
        soft: true,
        ribbons: 2,
      });
      paint.add(m.body);
      over.add(m.bristles);
      t += len * rng.range(0.7, 0.95);
    }
  }
}

function geometric(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const cols = rng.shuffle([...pal.colors, pal.accent]);
  const texture: TextureOpts = { weave: 0.9, grain: 1, mottle: 0.6 };
  const warp: Warp = { amp: 4, scale: 45, fineAmp: 1, fineScale: 5 };

  if (rng.chance(0.55)) {
    // Scully: a grid of blocks, stripes alternating direction from block to block.
    const ground = rng.pick(cols);
    const paint = cv.layer(1);
    paint.add(bgRect(w, h, ground));
    const gcols = w > h * 1.3 ? rng.int(2, 3) : rng.int(1, 2);
    const grows = h > w * 1.3 ? rng.int(2, 3) : rng.int(1, 2);
    const byLum = [...cols].sort((a, b) => luma(a) - luma(b));
    const half = Math.max(1, Math.ceil(byLum.length / 2));
    const darkC = byLum.slice(0, half);
    const lightC = byLum.slice(half);
    const cw = w / gcols;
    const ch = h / grows;
    for (let gy = 0; gy < grows; gy++) {
      for (let gx = 0; gx < gcols; gx++) {
        const horizontal = (gx + gy + rng.int(0, 1)) % 2 === 0;
        const across = horizontal ? ch : cw;
        const n = rng.int(3, 6);
        const a = rng.pick(darkC);
        const b = rng.pick(lightC.length > 0 ? lightC : [PAINT_WHITE]);
        for (let k = 0; k < n; k++) {
          const t0 = (across * k) / n;
          const t1 = (across * (k + 1)) / n;
          const x = horizontal ? gx * cw : gx * cw + t0;
          const y = horizontal ? gy * ch + t0 : gy * ch;
          paintedRect(
            c,
            paint,
            cv.over,
            x,
            y,
            horizontal ? cw : t1 - t0,
            horizontal ? t1 - t0 : ch,
            vary(rng, k % 2 === 0 ? a : b, 0.05),
            rng.pick(cols),
            horizontal,
          );
        }
      }
    }
    return { ground, underScale: 0.5, layers: cv.layers, over: cv.over, warp, texture };
  }

  // Hofmann: a brushy field with saturated slabs pushed and pulled over it.
  const field = cv.layer(4);
  const slabs = cv.layer(1);
  const fieldCol = rng.pick(cols);
  field.add(bgRect(w, h, fieldCol));
  scumbleGround(rng, field, c, fieldCol, 12, 0.2);
  for (let i = 0; i < 16; i++) {
    const pts = wander(
      rng,
      rng.range(0, w),
      rng.range(0, h),
      rng.range(0, TAU),
      Math.min(w, h) * rng.range(0.2, 0.5),
      rng.gauss(),
      0.05,
      12,
    );
    const m = brush(rng, pts, {
      width: rng.range(30, 90) * s,
      color: rng.chance(0.6) ? vary(rng, fieldCol, 0.15) : rng.pick(cols),
      opacity: rng.range(0.3, 0.6),
      bristles: 8,
      dry: 0.6,
      bristleOpacity: 0.3,
    });
    field.add(m.body);
    cv.over.add(m.bristles);
  }
  const count = rng.int(3, 6);
  const slabCols = cols.filter((k) => dist(k, fieldCol) > 60).concat([pal.accent]);
  for (let i = 0; i < count; i++) {
    const rw = w * rng.range(0.12, 0.4);
    const rh = h * rng.range(0.1, 0.4);
    const x = rng.range(0.05, 0.95) * (w - rw);
    const y = rng.range(0.05, 0.95) * (h - rh);
    paintedRect(
      c,
      slabs,
      cv.over,
      x,
      y,
      rw,
      rh,
      rng.pick(slabCols),
      vary(rng, rng.pick(cols), 0.1),
      rng.chance(rw > rh ? 0.7 : 0.3),
    );
  }
  return { ground: fieldCol, underScale: 0.5, layers: cv.layers, over: cv.over, warp, texture };
}

/* --- 6. Divided planes (Diebenkorn, Ocean Park): translucent planes, charcoal lines, pentimenti. */

function splitPoly(poly: readonly Pt[], p: Pt, d: Pt): [Pt[], Pt[], Pt[]] {
  const side = (q: Pt): number => d.x * (q.y - p.y) - d.y * (q.x - p.x);
  const a: Pt[] = [];
  const b: Pt[] = [];
  const cut: Pt[] = [];
  for (let i = 0; i < poly.length; i++) {
    const u = poly[i];
    const v = poly[(i + 1) % poly.length];
    if (!u || !v) continue;
    const su = side(u);
    const sv = side(v);
    if (su >= 0) a.push(u);
    if (su <= 0) b.push(u);
    if ((su > 0 && sv < 0) || (su < 0 && sv > 0)) {
      const t = su / (su - sv);
      const x = { x: u.x + (v.x - u.x) * t, y: u.y + (v.y - u.y) * t };
      a.push(x);
      b.push(x);
      cut.push(x);
    }
  }
  return [a, b, cut];
}

function polyArea(poly: readonly Pt[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const u = poly[i];
    const v = poly[(i + 1) % poly.length];
    if (u && v) a += u.x * v.y - v.x * u.y;
  }
  return Math.abs(a / 2);
}

function planes(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const paint = cv.layer(1.2);
  const over = cv.over;
  const ground = luma(pal.ground) > 0.55 ? pal.ground : pal.light;
  paint.add(bgRect(w, h, ground));
  let polys: Pt[][] = [rectCorners(-4, -4, w + 8, h + 8)];
  const cuts: [Pt, Pt][] = [];
  const doCut = (idx: number, p: Pt, d: Pt): void => {
    const poly = polys[idx];
    if (!poly) return;
    const [a, b, cut] = splitPoly(poly, p, d);
    const c0 = cut[0];
    const c1 = cut[1];
    if (a.length < 3 || b.length < 3 || !c0 || !c1) return;
    polys = [...polys.slice(0, idx), a, b, ...polys.slice(idx + 1)];
    cuts.push([c0, c1]);
  };
  // The characteristic narrow band across the top.
  if (rng.chance(0.7)) doCut(0, { x: 0, y: h * rng.range(0.1, 0.22) }, { x: 1, y: rng.gauss() * 0.02 });
  for (let i = rng.int(3, 5); i > 0; i--) {
    let best = 0;
    let bestArea = 0;
    polys.forEach((p, k) => {
      const a = polyArea(p);
      if (a > bestArea) {
        bestArea = a;
        best = k;
      }
    });
    const poly = polys[best];
    if (!poly) break;
    const box = bboxOf(poly, 0);
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const vertical = bw > bh * rng.range(0.7, 1.3);
    const diag = rng.chance(0.3) ? rng.range(0.15, 0.5) * (rng.chance(0.5) ? 1 : -1) : rng.gauss() * 0.02;
    const p = { x: box.x0 + bw * rng.range(0.3, 0.7), y: box.y0 + bh * rng.range(0.3, 0.7) };
    doCut(best, p, vertical ? { x: Math.sin(diag), y: Math.cos(diag) } : { x: Math.cos(diag), y: Math.sin(diag) });
  }

  const cols = [...pal.colors, pal.light, ground];
  let prev: RGB | null = null;
  for (const poly of polys) {
    let col = rng.pick(cols);
    if (prev && dist(prev, col) < 40) col = rng.pick(cols);
    prev = col;
    col = mix(col, ground, rng.range(0, 0.35));
    const underCol = rng.chance(0.5) ? rng.pick([...pal.colors, pal.accent]) : vary(rng, col, 0.2);
    paint.add(shape(polyD(poly, true), underCol, 1));
    const centre = poly.reduce((acc, q) => ({ x: acc.x + q.x / poly.length, y: acc.y + q.y / poly.length }), {
      x: 0,
      y: 0,
    });
    // Pull the top colour back from the edges so the earlier colour shows, as in Diebenkorn's revised borders.
    const inset = rng.range(3, 14) * s;
    const shrunk = poly.map((q) => {
      const dx = centre.x - q.x;
      const dy = centre.y - q.y;
      const l = Math.hypot(dx, dy) || 1;
      return { x: q.x + (dx / l) * inset, y: q.y + (dy / l) * inset };
    });
    const topD = polyD(raggedPoly(rng, shrunk, 2.5 * s, 16 * s), true);
    paint.add(shape(topD, col, rng.range(0.82, 0.95)));
    // Translucent washes brushed across the plane.
    const box = bboxOf(poly, 0);
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const horizontal = bw > bh;
    let washes = "";
    let streaks = "";
    for (let k = rng.int(6, 12); k > 0; k--) {
      const len = (horizontal ? bw : bh) * rng.range(0.4, 1.1);
      const sx = box.x0 + rng.range(-0.1, horizontal ? 0.5 : 1) * bw;
      const sy = box.y0 + rng.range(-0.1, horizontal ? 1 : 0.5) * bh;
      const pts = wander(
        rng,
        sx,
        sy,
        (horizontal ? 0 : Math.PI / 2) + rng.gauss() * 0.25,
        len,
        rng.gauss() * 0.3,
        0.02,
        12,
      );
      const m = brush(rng, pts, {
        width: rng.range(40, 120) * s,
        color: rng.chance(0.6) ? vary(rng, col, 0.12) : mix(col, rng.pick(cols), 0.5),
        opacity: rng.range(0.12, 0.3),
        bristles: 8,
        dry: 0.6,
        bristleOpacity: 0.2,
        soft: true,
      });
      washes += m.body;
      streaks += m.bristles;
    }
    paint.add(`<g${paint.clip(topD)}>${washes}</g>`);
    over.add(`<g${over.clip(topD)}>${streaks}</g>`);
  }
  // Narrow bands of strong colour along some borders.
  for (const [a, b] of cuts) {
    if (!rng.chance(0.35)) continue;
    const pts = wander(rng, a.x, a.y, Math.atan2(b.y - a.y, b.x - a.x), Math.hypot(b.x - a.x, b.y - a.y), 0, 0.003, 20);
    const m = brush(rng, pts, {
      width: rng.range(10, 22) * s,
      color: rng.pick([pal.accent, ...pal.colors]),
      opacity: 0.85,
      bristles: 6,
      dry: 0.4,
    });
    paint.add(m.body);
    over.add(m.bristles);
  }
  // Pentimenti: ghosts of lines the painter moved.
  for (let i = rng.int(2, 5); i > 0; i--) {
    const vertical = rng.chance(0.5);
    const a = vertical ? { x: rng.range(0.1, 0.9) * w, y: 0 } : { x: 0, y: rng.range(0.1, 0.9) * h };
    const b = vertical ? { x: a.x + rng.gauss() * 30 * s, y: h } : { x: w, y: a.y + rng.gauss() * 30 * s };
    paint.add(
      `<path d="M${f1(a.x)} ${f1(a.y)}L${f1(b.x)} ${f1(b.y)}" stroke="${css(pal.dark)}" stroke-width="${f1(rng.range(2, 5) * s)}" stroke-opacity="${f2(rng.range(0.08, 0.18))}"/>`,
    );
  }
  // Charcoal lines along the divisions, sometimes doubled.
  const charcoal = mix(pal.dark, hex("#2a2826"), 0.5);
  for (const [a, b] of cuts) {
    const reps = rng.chance(0.35) ? 2 : 1;
    for (let r = 0; r < reps; r++) {
      const off = r * rng.range(5, 14) * s;
      const ang = Math.atan2(b.y - a.y, b.x - a.x);
      const pts = wander(
        rng,
        a.x - Math.sin(ang) * off,
        a.y + Math.cos(ang) * off,
        ang,
        Math.hypot(b.x - a.x, b.y - a.y),
        0,
        0.004,
        24,
      );
      over.add(pencil(rng, pts, rng.range(1.6, 3.2) * s, charcoal, rng.range(0.45, 0.75), true));
    }
  }
  return {
    ground,
    underScale: 0.6,
    layers: cv.layers,
    over,
    warp: { amp: 3, scale: 50, fineAmp: 1.2, fineScale: 8 },
    texture: { weave: 1, grain: 1, mottle: 0.7 },
  };
}

/* --- 7. Squeegee (Gerhard Richter's abstracts): layers of colour dragged across each other. */

/**
 * One horizontal pull of a loaded squeegee across the whole canvas (l along
 * the pull, a across it). The blade lays down a film of the colours loaded on
 * it, in bands, except where it skips: long tears with crisp edges that reveal
 * the layers beneath. It also picks up some underlying paint, so the film
 * drifts in colour along the pull. (Vertical pulls were tried; at this
 * resolution they read as a digital glitch rather than paint.)
 */
async function squeegeePass(rng: Rng, px: Buffer, w: number, h: number, loads: readonly RGB[]): Promise<void> {
  const L = w;
  const M = h;
  // Skips are long along the pull and thin across it; noise is built at quarter length since it varies slowly along l.
  const Lq = Math.max(2, Math.ceil(L / 4));
  const [coarse, mid] = await Promise.all([
    noiseField(rng, Lq, M, rng.range(1.5, 4), M / rng.range(40, 90)),
    noiseField(rng, Lq, M, rng.range(6, 14), M / rng.range(8, 16)),
  ]);
  const fine = noise1(rng, M, 1.5);
  const bands = noise1(rng, M, M / rng.range(2, 5));
  const edgeWobble = noise1(rng, L, L / 3);
  const partial = rng.chance(0.4);
  const a0 = partial ? Math.floor(rng.range(-0.2, 0.4) * M) : -M;
  const a1 = partial ? a0 + Math.floor(rng.range(0.45, 0.9) * M) : 2 * M;
  const threshold = rng.range(0.4, 0.52);
  const opacity = rng.range(0.85, 0.97);
  const pickup = rng.range(0.001, 0.003);
  for (let a = 0; a < M; a++) {
    // Several colours loaded side by side on the blade, blending where they meet.
    const t = clamp((bands[a] ?? 0) * 0.7 + 0.5, 0, 0.999) * (loads.length - 1);
    const k = Math.floor(t);
    // Sharpened blend: neighbouring colours meet in narrow seams instead of mixing to mud.
    const f = clamp((t - k - 0.5) * 4 + 0.5, 0, 1);
    const base = mix(loads[k] ?? PAINT_WHITE, loads[Math.min(loads.length - 1, k + 1)] ?? PAINT_WHITE, f);
    // Fine streaks in the film itself.
    const streak = 1 + (fine[a] ?? 0) * 0.05;
    let cr = base[0] * streak;
    let cg = base[1] * streak;
    let cb = base[2] * streak;
    const fa = (fine[a] ?? 0) * 0.05;
    const rowN = a * Lq * 3;
    for (let l = 0; l < L; l++) {
      const wob = (edgeWobble[l] ?? 0) * M * 0.02;
      if (a < a0 + wob || a > a1 + wob) continue;
      // Interpolate the quarter-length noise so skip ends taper instead of stepping.
      const lq = l >> 2;
      const fr = (l & 3) * 0.25;
      const ni = rowN + lq * 3;
      const nj = lq + 1 < Lq ? ni + 3 : ni;
      const c0 = coarse[ni] ?? 128;
      const m0 = mid[ni] ?? 128;
      const v = ((c0 + ((coarse[nj] ?? 128) - c0) * fr) * 0.65 + (m0 + ((mid[nj] ?? 128) - m0) * fr) * 0.35) / 255 + fa;
      const d = v < threshold - 0.02 ? 0 : v > threshold + 0.02 ? opacity : ((v - threshold + 0.02) / 0.04) * opacity;
      const i = (a * w + l) * 3;
      const r = px[i] ?? 0;
      const g = px[i + 1] ?? 0;
      const b = px[i + 2] ?? 0;
      if (d > 0) {
        px[i] = r + (cr - r) * d;
        px[i + 1] = g + (cg - g) * d;
        px[i + 2] = b + (cb - b) * d;
      }
      cr += (r - cr) * pickup;
      cg += (g - cg) * pickup;
      cb += (b - cb) * pickup;
    }
  }
}

function squeegee(c: Ctx): Plan {
  const { rng, w, h, s, pal } = c;
  const cv = new Canvas();
  const blobs = cv.layer(10);
  const strokes = cv.layer(3);
  const cols = rng.shuffle([...pal.colors, pal.accent]);
  const ground = rng.pick(cols);
  blobs.add(bgRect(w, h, ground));
  const minDim = Math.min(w, h);
  // Underpainting of soft, saturated masses, which the pulls then bury and reveal.
  for (let i = rng.int(10, 18); i > 0; i--) {
    const b = blob(
      rng,
      rng.range(0, 1) * w,
      rng.range(0, 1) * h,
      minDim * rng.range(0.08, 0.3),
      minDim * rng.range(0.05, 0.2),
      0.35,
      20,
    );
    blobs.add(shape(smoothD(b, true), vary(rng, rng.pick(cols), 0.1), rng.range(0.6, 0.95)));
  }
  for (let i = rng.int(8, 16); i > 0; i--) {
    const pts = wander(
      rng,
      rng.range(0, w),
      rng.range(0, h),
      rng.range(0, TAU),
      minDim * rng.range(0.1, 0.4),
      rng.gauss(),
      0.05,
      10,
    );
    strokes.add(
      brush(rng, pts, { width: rng.range(15, 50) * s, color: rng.pick(cols), opacity: 0.9, bristles: 0, dry: 0.3 })
        .body,
    );
  }
  const postRng = rng.fork(99);
  const passes = postRng.int(3, 4);
  const loads: RGB[][] = [];
  for (let i = 0; i < passes; i++) {
    const set: RGB[] = [];
    for (let j = postRng.int(1, 3); j > 0; j--)
      set.push(vary(postRng, postRng.pick([...cols, pal.light, pal.dark]), 0.06));
    loads.push(set);
  }
  const post = async (px: Buffer, pw: number, ph: number): Promise<void> => {
    for (const load of loads) await squeegeePass(postRng, px, pw, ph, load);
  };
  for (let i = rng.int(0, 2); i > 0; i--) {
    cv.over.add(
      splatter(rng, rng.range(0.1, 0.9) * w, rng.range(0.1, 0.9) * h, 50 * s, rng.int(5, 15), 4 * s, rng.pick(cols)),
    );
  }
  return {
    ground,
    underScale: 0.6,
    layers: cv.layers,
    over: cv.over,
    post,
    texture: { weave: 0.5, grain: 1.1, mottle: 0.4 },
  };
}

/* ------------------------------------------------------------------------ */
/* Style table                                                               */
/* ------------------------------------------------------------------------ */

const STYLES: readonly Style[] = [
  {
    name: "colour field",
    palettes: [
      "rothko reds",
      "deep blues",
      "dusk violets",
      "forest greens",
      "ochre earth",
      "rust and teal",
      "greys with vermilion",
      "summer yellows",
    ],
    paint: colourField,
  },
  {
    name: "soak stain",
    palettes: [
      "ochre earth",
      "muted pastels",
      "sea and sand",
      "blush and umber",
      "forest greens",
      "deep blues",
      "dusk violets",
    ],
    paint: soakStain,
  },
  {
    name: "gestural",
    palettes: [
      "summer yellows",
      "blush and umber",
      "bold primaries",
      "forest greens",
      "sea and sand",
      "deep blues",
      "muted pastels",
    ],
    paint: gestural,
  },
  {
    name: "scribble",
    palettes: [
      "greys with vermilion",
      "charcoal and chalk",
      "ochre earth",
      "muted pastels",
      "blush and umber",
      "nordic slate",
    ],
    paint: scribble,
  },
  {
    name: "painted geometry",
    palettes: [
      "rust and teal",
      "ochre earth",
      "greys with vermilion",
      "bold primaries",
      "deep blues",
      "nordic slate",
      "rothko reds",
      "forest greens",
    ],
    paint: geometric,
  },
  {
    name: "divided planes",
    palettes: ["sea and sand", "muted pastels", "nordic slate", "forest greens", "ochre earth", "summer yellows"],
    paint: planes,
  },
  {
    name: "squeegee",
    palettes: [
      "bold primaries",
      "rust and teal",
      "deep blues",
      "forest greens",
      "dusk violets",
      "summer yellows",
      "rothko reds",
      "greys with vermilion",
    ],
    paint: squeegee,
  },
];

export const PAINTING_STYLES: readonly string[] = STYLES.map((st) => st.name);

/* ------------------------------------------------------------------------ */
/* Rasterising                                                               */
/* ------------------------------------------------------------------------ */

/** Soft layers: rasterised small, blurred and blended by libvips, concurrently. */
async function renderSoft(plan: Plan, w: number, h: number, uw: number, uh: number): Promise<Buffer> {
  const k = uw / w;
  const layers = await Promise.all(
    plan.layers
      .filter((l) => !l.svg.empty)
      .map(async (l) => {
        let img = sharp(Buffer.from(l.svg.render(w, h, uw, uh)));
        // libvips' multiply darkens wrongly where the top layer is translucent. Flattened onto white the layer
        // becomes the exact multiplier 1 - a(1 - C), and opaque multiply is correct.
        const multiply = l.blend === "multiply";
        if (multiply) img = img.flatten({ background: "#ffffff" });
        if (l.blur * k >= 0.4) img = img.blur(l.blur * k);
        const input = await img.raw().toBuffer();
        return {
          input,
          raw: { width: uw, height: uh, channels: multiply ? (3 as const) : (4 as const) },
          blend: l.blend,
        };
      }),
  );
  const [r, g, b] = plan.ground;
  return sharp({ create: { width: uw, height: uh, channels: 3, background: { r, g, b } } })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Composites the crisp layer over the upscaled soft layer and applies the
 * surface in one pass: canvas weave, grain, mottled ground and the slightly
 * uneven light of a photograph.
 */
function composeSurface(rng: Rng, under: Buffer, over: Buffer | null, w: number, h: number, t: TextureOpts): Buffer {
  const out = Buffer.allocUnsafe(w * h * 3);
  const minDim = Math.min(w, h);
  // Thread period relative to size so the weave stays subtle instead of moiréing when thumbnailed.
  const period = Math.max(2.4, minDim / 380);
  const weaveAmp = 0.012 * t.weave;
  const slubX = noise1(rng, w, period * 6);
  const slubY = noise1(rng, h, period * 8);
  const phx = rng.range(0, TAU);
  const phy = rng.range(0, TAU);
  const colW = new Float32Array(w);
  const rowW = new Float32Array(h);
  for (let x = 0; x < w; x++) colW[x] = Math.cos((TAU * x) / period + phx) * (0.6 + 0.4 * (slubX[x] ?? 0)) * weaveAmp;
  for (let y = 0; y < h; y++)
    rowW[y] = Math.cos((TAU * y) / (period * 1.05) + phy) * (0.6 + 0.4 * (slubY[y] ?? 0)) * weaveAmp;
  // Photographic light: a gentle tilt across the canvas and a soft fall-off at the corners.
  const lx = rng.range(-0.05, 0.05);
  const ly = rng.range(-0.04, 0.04);
  const lightX = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const u = x / w - 0.5;
    lightX[x] = lx * u - 0.07 * u * u;
  }
  const mottle = new Grid2(rng, 7, 7);
  const mottleFine = new Grid2(rng, 24, 24);
  const mottleAmp = 0.03 * t.mottle;
  const grainAmp = (0.035 * t.grain) / 511.5;
  const mrow = new Float32Array(w + 9);
  let seed = hash2(Math.floor(rng.next() * 4294967296), 1) | 1;
  const inv255 = 1 / 255;
  for (let y = 0; y < h; y++) {
    const v = y / h;
    const vv = v - 0.5;
    const rowTerm = (rowW[y] ?? 0) + ly * vv - 0.07 * vv * vv;
    const rw = (rowW[y] ?? 0) / weaveAmp || 0;
    // Mottle varies slowly: sample every 8 px and interpolate along the row.
    for (let x = 0; x <= w + 8; x += 8) {
      const u = x / w;
      mrow[x] = (mottle.at(u * 7, v * 7) + 0.5 * mottleFine.at(u * 24, v * 24)) * mottleAmp;
    }
    let i3 = y * w * 3;
    let i4 = y * w * 4;
    for (let x = 0; x < w; x++, i3 += 3, i4 += 4) {
      const x8 = x & ~7;
      const m0 = mrow[x8] ?? 0;
      const m = m0 + ((mrow[x8 + 8] ?? 0) - m0) * (x - x8) * 0.125;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const cw = colW[x] ?? 0;
      const k = cw + rowTerm + 0.8 * cw * rw + ((seed & 1023) - 511.5) * grainAmp + m + (lightX[x] ?? 0);
      let r = under[i3] ?? 0;
      let g = under[i3 + 1] ?? 0;
      let b = under[i3 + 2] ?? 0;
      if (over) {
        const a = (over[i4 + 3] ?? 0) * inv255;
        if (a > 0) {
          r += ((over[i4] ?? 0) - r) * a;
          g += ((over[i4 + 1] ?? 0) - g) * a;
          b += ((over[i4 + 2] ?? 0) - b) * a;
        }
      }
      // Multiplicative, plus a small additive part so texture still shows in dark paint.
      r += k * (r * 0.85 + 28) + 0.5;
      g += k * (g * 0.85 + 28) + 0.5;
      b += k * (b * 0.85 + 28) + 0.5;
      out[i3] = r < 0 ? 0 : r > 255 ? 255 : r;
      out[i3 + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      out[i3 + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
    }
  }
  return out;
}

function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const whole = Math.floor(seed);
  return hash2(whole >>> 0, Math.floor(whole / 4294967296) >>> 0);
}

/**
 * Fractional part of seed·k for an irrational k (a Weyl sequence). For any run of seeds in arithmetic
 * progression (1, 2, 3… or 1000, 1007, 1014…) the values spread evenly over [0, 1), so styles and palettes
 * vary across a seeded catalogue instead of repeating with the stride, as `seed % n` would.
 */
function weyl(seed: number, k: number): number {
  const period = 67108864; // 2^26: keeps seed·k exact enough that the fraction is meaningful.
  const x = (((Math.floor(seed) % period) + period) % period) * k;
  return x - Math.floor(x);
}

// Found by a small search: runs of 7–28 seeds with strides 1–14, 21, 49 or 100 split near-evenly among the styles.
const STYLE_STEP = 0.7357328141592654;
// Searched likewise, so that such runs never repeat a style/palette pairing within 28 seeds.
const PALETTE_STEP = 0.14624627182818284;

function pickStyle(seed: number): Style {
  const style = STYLES[Math.floor(weyl(seed, STYLE_STEP) * STYLES.length)];
  if (!style) throw new Error("no painting styles");
  return style;
}

function pickPalette(seed: number, style: Style, index: number | undefined): Palette {
  if (index !== undefined) {
    if (!Number.isInteger(index)) throw new RangeError(`palette must be an integer, got ${index}`);
    const p = PALETTES[((index % PALETTES.length) + PALETTES.length) % PALETTES.length];
    if (p) return p;
  }
  // Only palettes that suit the style, picked by a second Weyl sequence.
  const preferred = PALETTES.filter((p) => style.palettes.includes(p.name));
  const list = preferred.length > 0 ? preferred : PALETTES;
  const p = list[Math.floor(weyl(seed, PALETTE_STEP) * list.length)] ?? list[0];
  if (!p) throw new Error("no palettes");
  return p;
}

/** Style and palette names a spec resolves to, e.g. for titles or alt text. Cheap: renders nothing. */
export function describePainting(spec: PaintingSpec): { style: string; palette: string } {
  normaliseSeed(spec.seed); // same validation as renderPainting
  const style = pickStyle(spec.seed);
  return {
    style: style.name,
    palette: pickPalette(spec.seed, style, spec.palette).name,
  };
}

/**
 * Renders one painting as a JPEG of exactly `width` x `height`.
 * The style comes from the seed, spread so that runs of seeds (consecutive or
 * with a fixed stride) give a varied set; the palette is `spec.palette` or
 * picked from the seed among those that suit the style.
 */
export async function renderPainting(spec: PaintingSpec): Promise<Buffer> {
  const { width: w, height: h } = spec;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > 10000 || h > 10000) {
    throw new RangeError(`painting size must be integers in 1..10000, got ${w}x${h}`);
  }
  const root = new Rng(normaliseSeed(spec.seed));
  const style = pickStyle(spec.seed);
  const pal = pickPalette(spec.seed, style, spec.palette);
  const plan = style.paint({ rng: root.fork(2), w, h, s: Math.min(w, h) / 1000, pal });
  const surfaceRng = root.fork(3);
  const warpRng = root.fork(4);

  const uw = Math.max(1, Math.round(w * plan.underScale));
  const uh = Math.max(1, Math.round(h * plan.underScale));
  const k = plan.underScale;
  const warp = plan.warp;
  // Noise for the warp is drawn now, synchronously, so results never depend on task timing.
  const noise = warp
    ? Promise.all([
        noiseField(warpRng, uw, uh, w / warp.scale, h / warp.scale),
        noiseField(warpRng, uw, uh, w / warp.fineScale, h / warp.fineScale),
      ])
    : Promise.resolve(null);
  const overTask = plan.over.empty
    ? Promise.resolve(null)
    : sharp(Buffer.from(plan.over.render(w, h, w, h)))
        .ensureAlpha()
        .raw()
        .toBuffer();
  const softTask = (async (): Promise<Buffer> => {
    const [soft, fields] = await Promise.all([renderSoft(plan, w, h, uw, uh), noise]);
    const small =
      warp && fields ? warpPixels(soft, uw, uh, fields[0], fields[1], warp.amp * k, warp.fineAmp * k) : soft;
    if (plan.post) await plan.post(small, uw, uh);
    // A separate resize step: handed the SVG directly, sharp would re-render it at full size.
    return sharp(small, { raw: { width: uw, height: uh, channels: 3 } })
      .resize(w, h, { fit: "fill", kernel: "linear" })
      .raw()
      .toBuffer();
  })();
  const [under, over] = await Promise.all([softTask, overTask]);
  const pixels = composeSurface(surfaceRng, under, over, w, h, plan.texture);
  // Plain optimised JPEG: mozjpeg's trellis mode is ~10x slower on grainy images.
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
