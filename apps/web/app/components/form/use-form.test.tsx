// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import { TestI18n } from "../../lib/i18n/testing.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { Field } from "./fields.tsx";
import { type FieldErrors, useFormLayer } from "./use-form.ts";

afterEach(cleanup);

const fields = ["name", "email"] as const;
type Name = (typeof fields)[number];
let posted = 0;

/** A two-field form on the form layer: the contract's kind of rules, spelled here. */
function Harness({ serverErrors, touched }: { serverErrors?: FieldErrors<Name>; touched?: Name[] }) {
  const form = useFormLayer<Name>({
    fields,
    serverErrors,
    initiallyTouched: touched,
    validate: (element) => {
      const data = new FormData(element);
      const errors: FieldErrors<Name> = {};
      if (!String(data.get("name")).trim()) errors.name = "Please Enter Full Name";
      if (!String(data.get("email")).includes("@")) errors.email = "Must be a valid Email";
      return errors;
    },
  });
  return (
    <>
      <ErrorSummary count={form.errorCount} />
      <form
        ref={form.ref}
        noValidate
        {...form.handlers}
        onSubmit={(event) => {
          form.handlers.onSubmit(event);
          if (!event.defaultPrevented) posted++;
          event.preventDefault();
        }}
      >
        <Field name="name" label="Full Name" message={form.shown("name")}>
          <input {...form.fieldProps("name")} />
        </Field>
        <Field name="email" label="Email" message={form.shown("email")}>
          <input {...form.fieldProps("email")} />
        </Field>
        <button type="submit">Submit</button>
      </form>
    </>
  );
}

const renderForm = (serverErrors?: FieldErrors<Name>, touched?: Name[]) =>
  render(
    <TestI18n>
      <Harness serverErrors={serverErrors} touched={touched} />
    </TestI18n>,
  );

test("a field's message shows once it is left, then follows every change", async () => {
  const user = userEvent.setup();
  renderForm();
  const email = screen.getByLabelText("Email");
  await user.type(email, "layla");
  expect(screen.queryByText("Must be a valid Email")).toBeNull();
  await user.tab();
  expect(screen.getByText("Must be a valid Email").id).toBe("email-error");
  expect(email.getAttribute("aria-invalid")).toBe("true");
  expect(email.getAttribute("aria-describedby")).toBe("email-error");
  // Only the left field shows its message; the summary counts what shows.
  expect(screen.queryByText("Please Enter Full Name")).toBeNull();
  expect(screen.getByText("Please correct 1 field.")).toBeTruthy();
  await user.type(email, "@example.com");
  expect(screen.queryByText("Must be a valid Email")).toBeNull();
  expect(email.getAttribute("aria-invalid")).toBeNull();
});

test("submit shows every message, stops the post and focuses the first invalid field", async () => {
  const user = userEvent.setup();
  posted = 0;
  renderForm();
  await user.type(screen.getByLabelText("Email"), "layla@example.com");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(posted).toBe(0);
  expect(screen.getByText("Please Enter Full Name")).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText("Full Name"));
  await user.type(screen.getByLabelText("Full Name"), "Layla");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(posted).toBe(1);
});

test("the server's messages of a no-JS post stay on their fields once hydrated, until the field changes", async () => {
  const user = userEvent.setup();
  renderForm({ email: "Must be a valid Email" }, ["email"]);
  expect(screen.getByText("Must be a valid Email")).toBeTruthy();
  expect(screen.queryByText("Please Enter Full Name")).toBeNull();
  await user.type(screen.getByLabelText("Email"), "layla@example.com");
  expect(screen.queryByText("Must be a valid Email")).toBeNull();
});
