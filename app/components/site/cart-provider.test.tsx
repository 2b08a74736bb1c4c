import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CartProvider, useCart } from "./cart-provider";

function CartCount() {
  const cart = useCart();
  return <span>{cart.items.length}</span>;
}

describe("useCart (spec §8: a context hook outside its provider is an error)", () => {
  it("is an error outside its provider", () => {
    expect(() => renderToString(<CartCount />)).toThrow("useCart must be used within CartProvider");
  });

  it("gives the cart inside it (empty on the server)", () => {
    expect(
      renderToString(
        <CartProvider>
          <CartCount />
        </CartProvider>,
      ),
    ).toBe("<span>0</span>");
  });
});
