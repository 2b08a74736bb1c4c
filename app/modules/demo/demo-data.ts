// The demo catalogue: what a new install shows before the artist adds their own work.
import type { AvailabilityValue } from "~/lib/availability";

export interface DemoArtwork {
  title: string;
  medium: string;
  year: number;
  /** Inches, width x height: drives the image's aspect ratio and the size text. */
  inches: [number, number];
  priceUsd: number;
  availability: AvailabilityValue;
  featured?: boolean;
  description: string;
}

export const DEMO_ARTIST = {
  name: "Mara Ellison",
  location: "Studio 4, Marigny Arts Building · New Orleans, Louisiana",
  email: "studio@maraellison.art",
};

export const DEMO_ARTWORKS: DemoArtwork[] = [
  {
    title: "Tidewater Hymn",
    medium: "Oil on canvas",
    year: 2025,
    inches: [48, 36],
    priceUsd: 6800,
    availability: "available",
    featured: true,
    description:
      "Layers of thinned ultramarine and slate laid down over weeks, each pass sanded back so the earlier tides show through. Painted the winter the river rose over the levee road.",
  },
  {
    title: "Salt Ledger",
    medium: "Acrylic and graphite on canvas",
    year: 2025,
    inches: [36, 48],
    priceUsd: 5400,
    availability: "available",
    featured: true,
    description:
      "A tally of small marks in graphite runs under washes of bone white and ochre, the record of a summer spent counting pelicans from the studio roof.",
  },
  {
    title: "Low Country Psalm",
    medium: "Oil and cold wax on linen",
    year: 2024,
    inches: [40, 40],
    priceUsd: 6200,
    availability: "sold",
    featured: true,
    description:
      "Cold wax scraped with a palette knife leaves a skin of green-gold over a darker ground, like light held in standing water.",
  },
  {
    title: "Red Shift Nocturne",
    medium: "Oil on canvas",
    year: 2024,
    inches: [60, 40],
    priceUsd: 9200,
    availability: "available",
    featured: true,
    description:
      "Cadmium red pushed against a field of near-black, the two colors negotiating a border that refuses to settle.",
  },
  {
    title: "Field Notes for September",
    medium: "Mixed media on panel",
    year: 2025,
    inches: [24, 30],
    priceUsd: 2900,
    availability: "available",
    featured: true,
    description:
      "Collaged paper, charcoal and oil stick on a gessoed birch panel: a page from a sketchbook grown to the size of a window.",
  },
  {
    title: "Quiet Architecture",
    medium: "Acrylic on canvas",
    year: 2023,
    inches: [30, 40],
    priceUsd: 3800,
    availability: "sold",
    featured: true,
    description: "Soft-edged blocks of dove grey and pale rose stack like rooms seen through fog.",
  },
  {
    title: "Heron at Dusk",
    medium: "Oil on canvas",
    year: 2023,
    inches: [36, 36],
    priceUsd: 4600,
    availability: "available",
    description: "One long gesture in Payne's grey crosses a warm ground, the trace of a wing rather than the bird.",
  },
  {
    title: "After the Storm, Ochre",
    medium: "Oil on linen",
    year: 2024,
    inches: [48, 60],
    priceUsd: 8400,
    availability: "available",
    description: "Stained ochre soaked into raw linen, with a single band of washed blue where the sky broke open.",
  },
  {
    title: "Marigny Morning",
    medium: "Acrylic on paper",
    year: 2025,
    inches: [18, 24],
    priceUsd: 1400,
    availability: "available",
    description: "Fast, loose passages of coral and mint, painted before the street woke up.",
  },
  {
    title: "Undertow",
    medium: "Oil and sand on canvas",
    year: 2022,
    inches: [40, 30],
    priceUsd: 4200,
    availability: "sold",
    description: "River sand mixed into the lower layers gives the blues a grain that catches raking light.",
  },
  {
    title: "A Map of Small Weather",
    medium: "Mixed media on canvas",
    year: 2024,
    inches: [36, 24],
    priceUsd: 3100,
    availability: "available",
    description: "Scribbled graphite, oil stick and thin glazes chart a week of changing skies over the Mississippi.",
  },
  {
    title: "Cypress Memory",
    medium: "Oil on canvas",
    year: 2021,
    inches: [24, 36],
    priceUsd: 2800,
    availability: "sold",
    description:
      "Vertical strokes of olive and umber rise through a haze of lavender, a remembered swamp rather than a seen one.",
  },
  {
    title: "Blue Hour Fugue",
    medium: "Acrylic on canvas",
    year: 2025,
    inches: [48, 48],
    priceUsd: 7200,
    availability: "available",
    description: "Three blues in counterpoint, each returning in a different key across the square.",
  },
  {
    title: "Levee Song",
    medium: "Oil on panel",
    year: 2023,
    inches: [20, 16],
    priceUsd: 1600,
    availability: "available",
    description: "A small, dense panel of greens and earth tones with a single bright stroke of cadmium yellow.",
  },
  {
    title: "Letters Never Sent",
    medium: "Graphite, ink and acrylic on canvas",
    year: 2022,
    inches: [30, 30],
    priceUsd: 3300,
    availability: "sold",
    description: "Loops of handwriting-like marks, half erased, float over a field of warm white.",
  },
  {
    title: "Saffron Threshold",
    medium: "Oil on canvas",
    year: 2024,
    inches: [36, 48],
    priceUsd: 5600,
    availability: "available",
    description: "A doorway of saffron and burnt orange opening onto a cooler interior of violet grey.",
  },
  {
    title: "Iron and Lavender",
    medium: "Oil and cold wax on panel",
    year: 2025,
    inches: [24, 24],
    priceUsd: 2400,
    availability: "available",
    description: "Rust tones scraped through lavender wax, a meeting of the industrial and the tender.",
  },
  {
    title: "Gulf Light II",
    medium: "Acrylic on canvas",
    year: 2023,
    inches: [60, 36],
    priceUsd: 7800,
    availability: "available",
    description:
      "Horizontal bands of pearl, seafoam and pale gold: the second of three paintings made on the same stretch of coast.",
  },
  {
    title: "What the Tide Left",
    medium: "Mixed media on canvas",
    year: 2022,
    inches: [40, 40],
    priceUsd: 4800,
    availability: "sold",
    description: "Found paper, salt-stained canvas scraps and oil combine into a shoreline of debris and color.",
  },
  {
    title: "Green Interval",
    medium: "Oil on linen",
    year: 2025,
    inches: [30, 24],
    priceUsd: 2700,
    availability: "available",
    description: "A pause between two stronger paintings: viridian and sap green, laid thin and left alone.",
  },
  {
    title: "Cathedral of Rain",
    medium: "Oil on canvas",
    year: 2024,
    inches: [40, 60],
    priceUsd: 8900,
    availability: "available",
    description: "Tall drips of grey and silver fall through a vaulted arrangement of deep blue forms.",
  },
  {
    title: "Summer Ledger, Rose",
    medium: "Acrylic and oil stick on canvas",
    year: 2025,
    inches: [36, 36],
    priceUsd: 4100,
    availability: "available",
    description: "A companion to Salt Ledger in warmer keys: rose madder, peach and a vein of crimson.",
  },
  {
    title: "Night Garden Study",
    medium: "Oil on paper",
    year: 2023,
    inches: [12, 16],
    priceUsd: 900,
    availability: "available",
    description: "A small study on Arches paper, deep greens and a scatter of luminous white marks.",
  },
  {
    title: "Between Two Rivers",
    medium: "Oil on canvas",
    year: 2021,
    inches: [48, 36],
    priceUsd: 6400,
    availability: "sold",
    description: "Two currents of color, one warm and one cool, braid across the canvas and never quite merge.",
  },
  {
    title: "Porchlight",
    medium: "Acrylic on panel",
    year: 2024,
    inches: [16, 20],
    priceUsd: 1200,
    availability: "available",
    description: "Amber light against a humid violet evening, painted in a single sitting.",
  },
  {
    title: "The Long Afternoon",
    medium: "Oil on linen",
    year: 2025,
    inches: [54, 40],
    priceUsd: 7600,
    availability: "available",
    description: "Slow washes of straw and terracotta, with the faint grid of an old window frame showing through.",
  },
  {
    title: "Indigo Correspondence",
    medium: "Ink and acrylic on canvas",
    year: 2022,
    inches: [24, 30],
    priceUsd: 2600,
    availability: "available",
    description: "Indigo ink poured and tilted, then answered with careful opaque passages of bone and ash.",
  },
  {
    title: "Magnolia Static",
    medium: "Oil and graphite on canvas",
    year: 2025,
    inches: [30, 40],
    priceUsd: 4300,
    availability: "available",
    description: "Creamy magnolia whites interrupted by nervous graphite lines, the hum of a hot afternoon.",
  },
];

export const DEMO_BIOGRAPHY = `Mara Ellison is an abstract painter working in New Orleans. Her paintings begin with weather and water: the light over the Mississippi, the slow arrival of a storm, the colour of a street after rain. She builds each canvas in many thin layers of oil, cold wax and pigment, sanding and scraping back so that earlier decisions stay visible beneath later ones.

Born in coastal Georgia, she studied painting at the Savannah College of Art and Design and has exhibited across the American South. Her work is held in private collections in the United States, Canada and Europe. She accepts a small number of commissions each year.`;

export const DEMO_STATEMENT =
  "I paint the feeling of a place rather than its outline. A canvas starts with a color I cannot stop thinking about and grows through many layers, each one partly erased, until the surface holds the memory of everything that happened to it.";

export const DEMO_CV = [
  {
    heading: "Solo exhibitions",
    entries: [
      "2025 · Tidewater, Marigny Contemporary, New Orleans",
      "2023 · Quiet Architecture, Laney Gallery, Savannah",
      "2021 · Between Two Rivers, Arthouse Annex, Memphis",
    ],
  },
  {
    heading: "Group exhibitions",
    entries: [
      "2024 · New Southern Abstraction, Ogden Museum Project Space, New Orleans",
      "2022 · Salt and Light, Telfair Community Gallery, Savannah",
      "2020 · Painting Now, Coastal Arts Center, Charleston",
    ],
  },
  { heading: "Education", entries: ["BFA Painting, Savannah College of Art and Design, 2014"] },
];
