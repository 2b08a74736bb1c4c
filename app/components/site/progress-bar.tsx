import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Spec §2: a thin bar at the top while a page loads, growing by random steps up to 90 percent. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => {
        setVisible(true);
        setProgress(10);
      }, 0);
      const grow = setInterval(() => {
        setProgress((p) => Math.min(90, p + Math.random() * 15));
      }, 200);
      return () => {
        clearTimeout(show);
        clearInterval(grow);
      };
    }
    const finish = setTimeout(() => setProgress((p) => (p > 0 ? 100 : 0)), 0);
    const hide = setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, 250);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [busy]);

  return (
    <div
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-hidden={!visible}
      data-state={busy ? "loading" : "idle"}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5"
      style={{ opacity: visible ? 1 : 0, transition: "opacity 200ms" }}
    >
      <div
        className="bg-accent h-full origin-left transition-[width] duration-200 ease-out"
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
