import { ShieldAlert } from "lucide-react";
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

/** Goes back in history, or to the home page when there is nowhere to go back to (or no JavaScript). */
function GoBackButton() {
  return (
    <form action="/" method="get" className="mt-6">
      <Button
        type="submit"
        size="sm"
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            window.history.back();
          }
        }}
      >
        Go Back
      </Button>
    </form>
  );
}
