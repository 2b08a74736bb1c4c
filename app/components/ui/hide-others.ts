/**
 * Everything on the page but `root` is out of reach while a full-screen viewer is open: inert (no focus, no
 * clicks) and hidden from assistive technology, which `aria-modal` alone does not do for every reader (nor for
 * tools that read the page by role). Walks from `root` up to <body> and sets both on each level's other
 * elements, so a viewer opened inside another hides that one's controls too; returns the undo, which puts back
 * what each element had.
 */
export function hideOthers(root: Element): () => void {
  const changed: { element: Element; ariaHidden: string | null }[] = [];
  for (let node = root; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute("inert") || IGNORED.has(sibling.tagName)) continue;
      // A live region (the toasts) keeps speaking over the viewer: "is in your cart" is said from inside it.
      if (sibling.matches(LIVE_REGION)) continue;
      changed.push({ element: sibling, ariaHidden: sibling.getAttribute("aria-hidden") });
      sibling.setAttribute("inert", "");
      sibling.setAttribute("aria-hidden", "true");
    }
  }
  return () => {
    for (const { element, ariaHidden } of changed) {
      element.removeAttribute("inert");
      // An element whose aria-hidden changed meanwhile (React renders it on the progress bar) keeps the new value.
      if (element.getAttribute("aria-hidden") !== "true") continue;
      if (ariaHidden === null) element.removeAttribute("aria-hidden");
      else element.setAttribute("aria-hidden", ariaHidden);
    }
  };
}

const IGNORED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "LINK", "META"]);
const LIVE_REGION = "[aria-live], [role=status], [role=alert]";
