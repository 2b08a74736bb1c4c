// Where the header shows the realtime widgets: for a signed-in user on a desktop-wide window only (spec §2),
// after hydration (the server cannot know the width), loading their code only then.
import { lazy, Suspense, useEffect, useState } from "react";

const RealtimeWidgets = lazy(() => import("./realtime-widgets"));
const DESKTOP = "(min-width: 768px)";

/**
 * `session` (the layout's `sessionKey`) keys the widgets: a replaced session (two-factor sign-in turned on, a
 * new password) ends the old one's socket, and the widgets start again on the new one.
 */
export function RealtimeCorner({ userId, session }: { userId: string | null | undefined; session?: string }) {
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
      <RealtimeWidgets key={session} userId={userId} />
    </Suspense>
  );
}
