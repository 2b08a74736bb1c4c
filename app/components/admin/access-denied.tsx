import { ShieldAlert } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** Spec §2: what a signed-in non-admin sees on an admin page. */
export function AccessDenied({ message, fullPage = true }: { message: string; fullPage?: boolean }) {
  const Wrapper = fullPage ? "main" : "div";
  return (
    <Wrapper className={`flex items-center justify-center px-6 py-16 ${fullPage ? "min-h-dvh" : ""}`}>
      <title>Access Denied</title>
      <Card className="max-w-md p-8 text-center shadow-sm">
        <ShieldAlert aria-hidden className="text-destructive mx-auto size-10" />
        <h1 className="mt-4 text-3xl">Access Denied</h1>
        <p className="text-muted mt-3">{message}</p>
        <GoBackButton />
      </Card>
    </Wrapper>
  );
}

/**
 * Goes back to the page of this site that led here, or to the home page when none did (or without JavaScript):
 * a tab opened on the admin address has only a blank page or another site behind it.
 */
function GoBackButton() {
  const navigate = useNavigate();
  return (
    <form action="/" method="get" className="mt-6">
      <Button
        type="submit"
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          if (cameFromThisSite()) window.history.back();
          else void navigate("/");
        }}
      >
        Go Back
      </Button>
    </form>
  );
}

/**
 * Whether the entry before this one is a page of this site. The Navigation API knows (its entries are this
 * site's only, so an address typed after a page of the site counts, a blank tab does not); without it, a
 * navigation inside the app (React Router counts them in `history.state.idx`), or a page whose link or form
 * brought the browser here.
 */
function cameFromThisSite(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  if (typeof navigation?.canGoBack === "boolean") return navigation.canGoBack;
  if (window.history.length < 2) return false;
  if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) return true;
  try {
    return document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
