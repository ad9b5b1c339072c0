// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { Modal } from "./modal.tsx";

afterEach(cleanup);

test("two modals on one page are each named by their own heading", () => {
  const noop = () => undefined;
  render(
    <>
      <Modal open={false} onClose={noop} title="All of our services available on the app" closeLabel="Close">
        <p>stores</p>
      </Modal>
      <Modal open={false} onClose={noop} title="Thank you!" closeLabel="Close">
        <p>reference</p>
      </Modal>
    </>,
  );
  const dialogs = screen.getAllByRole("dialog", { hidden: true });
  const names = dialogs.map(
    (dialog) => document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent,
  );
  expect(names).toEqual(["All of our services available on the app", "Thank you!"]);
});
