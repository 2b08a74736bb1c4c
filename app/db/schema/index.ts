export * from "./catalog";
export * from "./content";
export * from "./jobs";
export * from "./media";
export * from "./inbox";
export * from "./mail";
