// Visitors send contact inquiries (also about a particular work) and commission requests.
import { expect, test, viewTransitionOver } from "../support/fixtures";

test("an inquiry about a work starts from its page and arrives with the work's title", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("link", { name: "Tidewater Hymn", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tidewater Hymn" })).toBeVisible();
  await viewTransitionOver(page);
  await page.getByRole("link", { name: "Inquire" }).click();
  await expect(page).toHaveURL(/\/contact\?type=artwork&artwork_id=.+&artwork_title=Tidewater/);

  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByText("Inquiring about")).toBeVisible();
  await expect(form.getByRole("link", { name: "Tidewater Hymn" })).toBeVisible();
  await expect(form.getByLabel("Inquiry type")).toHaveValue("artwork");
  await expect(form.getByLabel("Subject (optional)")).toHaveValue("Inquiry about “Tidewater Hymn”");

  // Each field's label names one field on the page: the footer's newsletter box is "Newsletter", not "Email".
  await page.getByLabel("Name").fill("Jo Collector");
  await page.getByLabel("Email").fill("jo@example.com");
  await expect(page.getByLabel(/email/i)).toHaveCount(1);
  await form.getByLabel("Message").fill("Is this painting still available, and could it ship to Lisbon?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your message has been sent." })).toBeVisible();
});

test("a contact form with mistakes shows each error beside its field and keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Inquiry type")).toHaveValue("general");
  await form.getByLabel("Name").fill("Jo");
  await form.getByLabel("Email").fill("jo@example");
  await form.getByLabel("Message").fill("Hello");
  await form.getByRole("button", { name: "Send message" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "2 fields need your attention." })).toBeVisible();
  const email = form.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // The first field to correct has the focus: a keyboard or screen reader user lands on it.
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
  await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Write a little more: at least 10 characters.");
  await expect(form.getByLabel("Name")).toHaveValue("Jo");
  await expect(email).toHaveValue("jo@example");

  // The same mistakes sent again: the focus goes back to the first of them (not left on the button).
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "2 fields need your attention." })).toBeVisible();
  await expect(email).toBeFocused();

  await email.fill("jo@example.com");
  await form.getByLabel("Message").fill("Hello, do you sell prints of the smaller works?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your message has been sent." })).toBeVisible();
});

test("a commission request explains the process and is sent with a budget range", async ({ page }) => {
  await page.goto("/commissions");
  await expect(page.getByRole("heading", { level: 1, name: "Commission a painting" })).toBeVisible();
  for (const step of ["Conversation", "Proposal", "Creation", "Delivery"])
    await expect(page.getByRole("heading", { name: step })).toBeVisible();

  const form = page.getByRole("form", { name: "Commission request" });
  await form.getByLabel("Name").fill("Ana Ruiz");
  await form.getByLabel("Email").fill("ana@example.com");
  await form.getByLabel("The painting you have in mind").fill("A large, calm painting in blues for a living room.");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByLabel("Budget")).toHaveAccessibleDescription("Choose a budget range.");
  await expect(form.getByLabel("The painting you have in mind")).toHaveValue(
    "A large, calm painting in blues for a living room.",
  );

  await form.getByLabel("Budget").selectOption({ label: "$5,000 – $10,000" });
  await form.getByLabel("Size (optional)").fill('60 × 48"');
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your request has been sent." })).toBeVisible();
});
