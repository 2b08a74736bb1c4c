// Where the header shows the realtime widgets: for a signed-in user on a desktop-wide window only (spec §2),
// after hydration (the server cannot know the width), loading their code only then.
import { lazy, Suspense, useEffect, useState } from "react";

const RealtimeWidgets = lazy(() => import("./realtime-widgets"));
const DESKTOP = "(min-width: 768px)";

export function RealtimeCorner({ userId }: { userId: string | null | undefined }) {
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP);
    const update = () => setDesktop(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  if (!userId || !desktop) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeWidgets userId={userId} />
    </Suspense>
  );
}
