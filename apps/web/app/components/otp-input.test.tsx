// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, test } from "vitest";
import { OtpInput } from "./otp-input.tsx";

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState(["", "", "", ""]);
  return (
    <>
      <p id="label">Verification code</p>
      <OtpInput
        value={value}
        onChange={setValue}
        boxLabel={(n) => `Digit ${n} of 4`}
        groupLabelId="label"
        invalid={false}
      />
      <output>{value.join("")}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole("textbox", { name: `Digit ${n} of 4` });

test("typing moves focus forward, one character per box", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(box(1));
  await user.keyboard("4821");
  expect(screen.getByRole("status").textContent).toBe("4821");
  expect(document.activeElement).toBe(box(4));
});

test("Backspace in an empty box moves back and clears the previous box", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(box(1));
  await user.keyboard("48");
  expect(document.activeElement).toBe(box(3));
  await user.keyboard("{Backspace}");
  expect(document.activeElement).toBe(box(2));
  expect(screen.getByRole("status").textContent).toBe("4");
});

test("pasting 4 digits fills every box; other pastes are left alone", () => {
  render(<Harness />);
  fireEvent.paste(box(1), { clipboardData: { getData: () => "9 3 1 7".replace(/ /g, "") } });
  expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(["9", "3", "1", "7"]);
  fireEvent.paste(box(1), { clipboardData: { getData: () => "12" } });
  expect(screen.getByRole("status").textContent).toBe("9317");
});

test("a digit typed into a filled box replaces it", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(box(1));
  await user.keyboard("1234");
  await user.click(box(2));
  await user.keyboard("9");
  expect(screen.getByRole("status").textContent).toBe("1934");
  expect(document.activeElement).toBe(box(3));
  // The same digit again moves on too, and the rest of a code retyped from box 1 follows it.
  await user.click(box(1));
  await user.keyboard("1567");
  expect(screen.getByRole("status").textContent).toBe("1567");
  expect(document.activeElement).toBe(box(4));
});

test("a pasted sentence or a grouped code holding 4 digits fills the boxes", () => {
  render(<Harness />);
  fireEvent.paste(box(1), { clipboardData: { getData: () => "Your verification code is 5231." } });
  expect(screen.getByRole("status").textContent).toBe("5231");
  fireEvent.paste(box(1), { clipboardData: { getData: () => "12-34" } });
  expect(screen.getByRole("status").textContent).toBe("1234");
});

test("a code pasted or typed in Arabic-Indic or full-width digits reads as its Latin digits", async () => {
  render(<Harness />);
  fireEvent.paste(box(1), { clipboardData: { getData: () => "١٢٣٤" } });
  expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(["1", "2", "3", "4"]);
  fireEvent.paste(box(1), { clipboardData: { getData: () => " ５ ６ ７ ８ " } });
  expect(screen.getByRole("status").textContent).toBe("5678");
  const user = userEvent.setup();
  await user.clear(box(1));
  await user.type(box(1), "٩");
  expect(screen.getByRole("status").textContent).toBe("9678");
});

test("the boxes form a labelled group", () => {
  render(<Harness />);
  expect(screen.getByRole("group", { name: "Verification code" })).toBeTruthy();
});

test("the boxes stay left to right inside a right-to-left page", () => {
  render(
    <div dir="rtl">
      <Harness />
    </div>,
  );
  expect(screen.getByRole("group", { name: "Verification code" }).getAttribute("dir")).toBe("ltr");
});

test("a code a phone keyboard inserts whole into box 1, with no paste event, fills every box", async () => {
  // iOS's code suggestion from the mail and Gboard's clipboard chip insert the text as typed
  // input: the browser would cut it to a box's `maxLength`, and no paste handler sees it.
  const user = userEvent.setup({ delay: null });
  render(<Harness />);
  await user.click(box(1));
  box(1).addEventListener("paste", (event) => event.stopPropagation());
  await user.paste("5231");
  expect(screen.getByRole("status").textContent).toBe("5231");
  expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(["5", "2", "3", "1"]);
  expect(document.activeElement).toBe(box(4));
});
