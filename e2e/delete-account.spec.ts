import { expect, type Page, test } from "@playwright/test";
import { codeFromOutbox, expectNoAxeViolations, holdScripts, waitForHydration } from "./fixtures.ts";

async function askForCode(page: Page, email: string) {
  await page.goto("/delete-account");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  const confirm = page.getByRole("dialog", { name: "Are you Sure?" });
  await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const dialog = page.getByRole("dialog", { name: "Enter Verification Code" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the page explains the flow; Submit is disabled while the e-mail is empty, or invalid and touched", async ({
  page,
}) => {
  await page.goto("/delete-account");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "support@khayl.example" })).toHaveAttribute(
    "href",
    "mailto:support@khayl.example",
  );
  const submit = page.getByRole("button", { name: "Submit" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email").fill("omar@");
  // Leaving the field by Tab touches it, which disables Submit as it takes the focus: the
  // focus stays on Submit (announced as disabled), not dropped to the page.
  await page.keyboard.press("Tab");
  await expect(page.getByText("Must be a valid Email", { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(submit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Are you Sure?" })).toHaveCount(0);
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill("");
  await expect(page.getByText("Please Enter Email", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("omar.mansoori@example.com");
  await expect(submit).toBeEnabled();
  await expectNoAxeViolations(page);
  await submit.click();
  const confirm = page.getByRole("dialog", { name: "Are you Sure?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  // Keyboard users keep their place: focus goes back to the button that opened the dialog.
  await expect(submit).toBeFocused();
  await submit.press("Enter");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Close" }).press("Enter");
  await expect(confirm).toBeHidden();
  await expect(submit).toBeFocused();
});

test("an e-mail typed before the page hydrates is kept, and Submit works", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/delete-account", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("mariam.suwaidi@example.com");
  await scripts.release();
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveValue("mariam.suwaidi@example.com");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
});

test(
  "Submit pressed before the page hydrates: the server shows the confirm step, and once hydrated it goes on in " +
    "its dialog",
  async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/delete-account", { waitUntil: "commit" });
    await page.getByLabel("Email").fill("mariam.suwaidi@example.com");
    await page.getByRole("button", { name: "Submit" }).click();
    // The native post answers with the step rendered on the server.
    await expect(page.getByRole("heading", { level: 2, name: "Are you Sure?" })).toBeVisible();
    await scripts.release();
    await waitForHydration(page);
    const confirm = page.getByRole("dialog", { name: "Are you Sure?" });
    await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("mariam.suwaidi@example.com");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: "Are you Sure?" })).toHaveCount(0);
  },
);

test("deletion end to end with the code read from the outbox", async ({ page }) => {
  // Three axe scans and a wait for the mail worker: on a loaded 2-core CI machine this
  // took over 30 s, and a retry cannot pass once the account is gone (no second code).
  test.slow();
  const since = Date.now();
  const dialog = await askForCode(page, "omar.mansoori@example.com");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Required", { exact: true })).toBeVisible();
  const code = await codeFromOutbox("omar.mansoori@example.com", since);

  // Typing moves forward; Backspace in an empty box moves back.
  const boxes = dialog.getByRole("textbox");
  await expect(boxes).toHaveCount(4);
  await boxes.nth(0).fill(code[0]!);
  await expect(boxes.nth(1)).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(boxes.nth(0)).toBeFocused();
  await expect(boxes.nth(0)).toHaveValue("");

  // A wrong code is refused with the server's message in the dialog's own alert: a toast
  // outside the open modal dialog would be inert (never announced, under the backdrop).
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
  for (const [i, c] of [...wrong].entries()) await boxes.nth(i).fill(c);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid or expired verification code");
  // The focus stayed in the dialog, on Verify, while the code was checked: never dropped to the page.
  await expect(dialog.getByRole("button", { name: "Verify" })).toBeFocused();
  await expect(boxes.nth(0)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // Changing the code clears it.
  await boxes.nth(3).fill(String((Number(wrong[3]) + 1) % 10));
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // Pasting 4 digits fills every box.
  await boxes.nth(0).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text", text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  for (const [i, c] of [...code].entries()) await expect(boxes.nth(i)).toHaveValue(c);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole("heading", { name: "Your Account has been deleted successfully!!" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("keyboard only: the whole deletion flow", async ({ page }) => {
  const since = Date.now();
  await page.goto("/delete-account");
  await page.getByLabel("Email").focus();
  await page.keyboard.type("mariam.suwaidi@example.com");
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Are you Sure?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Tab"); // × → Cancel
  await page.keyboard.press("Tab"); // → Confirm
  await expect(confirm.getByRole("button", { name: "Confirm" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Enter Verification Code" });
  await expect(dialog.getByRole("textbox").first()).toBeFocused();
  const code = await codeFromOutbox("mariam.suwaidi@example.com", since);
  await page.keyboard.type(code);
  await expect(dialog.getByRole("textbox").last()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/success$/);
});

test("an unknown e-mail gets the same code dialog (no account enumeration)", async ({ page }) => {
  const dialog = await askForCode(page, "nobody.at.all@example.com");
  const boxes = dialog.getByRole("textbox");
  for (let i = 0; i < 4; i++) await boxes.nth(i).fill("1");
  await boxes.nth(3).fill("");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Required", { exact: true })).toBeVisible();
  await boxes.nth(3).fill("x");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByText("Verification code must be 4 digits", { exact: true })).toBeVisible();
  await boxes.nth(3).fill("1");
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid or expired verification code");
});

test("a code sent while the connection is down, or answered by an error, keeps the dialog open with what was typed", async ({
  page,
}) => {
  const dialog = await askForCode(page, "nobody.at.all@example.com");
  const boxes = dialog.getByRole("textbox");
  for (let i = 0; i < 4; i++) await boxes.nth(i).fill(String(i + 1));
  // Every request to the server fails, the post and any reload after it, as offline.
  await page.route("**/delete-account.data*", (route) => route.abort("internetdisconnected"));
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "The server could not be reached. Check your connection and try again.",
  );
  await expect(boxes.nth(3)).toHaveValue("4");
  // Nothing reached the server, so no code try was spent (the suite's clients share one
  // wrong-code budget: this test sends no code the server would count).
  await expect(dialog.getByRole("button", { name: "Verify" })).toBeEnabled();
  // A proxy's error page in an outage instead of the server's answer: the page stays, and says so.
  await page.unroute("**/delete-account.data*");
  await page.route("**/delete-account.data*", (route) =>
    route.fulfill({ status: 503, contentType: "text/html", body: "<h1>Service Unavailable</h1>" }),
  );
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Your request could not be completed. Please try again.");
  await expect(boxes.nth(3)).toHaveValue("4");
  await expect(page.getByRole("heading", { level: 1, name: "Delete your account" })).toBeVisible();
});

test("/success shows the spec text", async ({ page }) => {
  await page.goto("/success");
  await expect(page.getByText("Your Account has been deleted successfully!!")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each step renders on the server and the flow still ends on /success", async ({ page }) => {
    const since = Date.now();
    await page.goto("/delete-account");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Must be a valid Email", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill("sophie.laurent@example.com");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Are you Sure?" })).toBeVisible();
    await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { name: "Enter Verification Code" })).toBeVisible();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Required", { exact: true })).toBeVisible();
    const code = await codeFromOutbox("sophie.laurent@example.com", since);
    // A half-typed code is refused with 'Required', and what was typed stays in its boxes.
    await page.getByLabel("Digit 1 of 4").fill(code[0]!);
    await page.getByLabel("Digit 2 of 4").fill(code[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Digit 1 of 4")).toHaveValue(code[0]!);
    await expect(page.getByLabel("Digit 2 of 4")).toHaveValue(code[1]!);
    // A wrong code: the page loads on the first box, marked invalid and described by the
    // server's message (an alert already in the page at load is not read out).
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    for (const [i, c] of [...wrong].entries()) await page.getByLabel(`Digit ${i + 1} of 4`).fill(c);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid or expired verification code");
    await expect(page.getByLabel("Digit 1 of 4")).toBeFocused();
    await expect(page.getByLabel("Digit 1 of 4")).toHaveAccessibleDescription("Invalid or expired verification code");
    for (const [i, c] of [...code].entries()) await page.getByLabel(`Digit ${i + 1} of 4`).fill(c);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText("Your Account has been deleted successfully!!")).toBeVisible();
  });
});
