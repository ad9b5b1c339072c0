import { parseEnv, publicConfig } from "@khayl/config/env";
// @vitest-environment happy-dom

import type { Messages } from "@lingui/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, Outlet, useNavigate } from "react-router";
import { afterEach, expect, test } from "vitest";
import { Toaster } from "../components/ui/toaster.tsx";
import type { Language } from "../lib/i18n/language.ts";
import { TestI18n } from "../lib/i18n/testing.tsx";
import ContactUs from "./contact-us.tsx";

afterEach(cleanup);

const arabic = import.meta.glob<{ messages: Messages }>("../locales/ar/contact.po", { eager: true })[
  "../locales/ar/contact.po"
]?.messages;

function NoFallback() {
  return null;
}

/** The layout's link away and the browser's Back, as a client navigation does them. */
function Layout() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/contact-us">Contact us</Link>
      <Link to="/aboutus">About us</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <Outlet />
      <Toaster />
    </>
  );
}

function AboutUs() {
  return <h1>About us</h1>;
}

function renderPage(language: Language = "en", action?: () => unknown) {
  const Stub = createRoutesStub([
    {
      // The root loader's public config (the WhatsApp link reads it).
      id: "root",
      loader: () => ({ config: publicConfig(parseEnv({})) }),
      HydrateFallback: NoFallback,
      Component: Layout,
      children: [
        {
          path: "/contact-us",
          HydrateFallback: NoFallback,
          Component: ContactUs as unknown as React.ComponentType,
          action,
        },
        { path: "/aboutus", Component: AboutUs },
      ],
    },
  ]);
  render(
    <TestI18n language={language} messages={language === "ar" ? arabic : {}}>
      {/* Each test's page its own history entry (the form's drafts are kept by entry). */}
      <Stub initialEntries={["/aboutus", "/contact-us"]} initialIndex={1} />
    </TestI18n>,
  );
}

test("a field's error message stays the same element while the visitor fixes another field", async () => {
  renderPage();
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Submit" }));
  const message = await screen.findByText("Please Enter Full Name");
  expect(screen.getByLabelText("Full Name").getAttribute("aria-describedby")).toBe(message.id);

  // Each keystroke re-validates the form and renders the page again.
  await user.type(screen.getByLabelText("Email"), "layla@example.com");

  expect(screen.getByText("Please Enter Full Name")).toBe(message);
  expect(message.isConnected).toBe(true);
});

test("in Arabic the labels, the options and the product §5 messages are Arabic; the values stay the spec's", async () => {
  renderPage("ar");
  const user = userEvent.setup();
  const subject = await screen.findByLabelText<HTMLSelectElement>("الموضوع");
  expect([...subject.options].map((o) => [o.value, o.text])).toEqual([
    ["", "اختر..."],
    ["Service-Request", "طلب خدمة"],
    ["Inquiry", "استفسار"],
    ["IT-Support", "الدعم التقني"],
    ["Issue", "مشكلة"],
    ["Feedback", "ملاحظات"],
    ["Other", "أخرى"],
  ]);
  expect(screen.getByLabelText("الاستفسار").getAttribute("placeholder")).toBe("صِف استفسارك");
  expect(screen.getByLabelText("البريد الإلكتروني").getAttribute("dir")).toBe("ltr");

  await user.click(screen.getByRole("button", { name: "إرسال" }));
  expect(await screen.findByText("يُرجى إدخال الاسم الكامل")).toBeTruthy();
  expect(screen.getByText("يُرجى إدخال البريد الإلكتروني")).toBeTruthy();
  expect(screen.getByText("يُرجى اختيار القسم")).toBeTruthy();
  expect(screen.getByText("يُرجى تصحيح 6 حقول.")).toBeTruthy();
  expect(screen.queryByText("Please Enter Full Name")).toBeNull();

  await user.type(screen.getByLabelText("البريد الإلكتروني"), "layla@example");
  await user.tab();
  expect(await screen.findByText("يجب إدخال بريد إلكتروني صالح")).toBeTruthy();
});

test("what was typed is there again after a link and Back, and a sent form leaves nothing", async () => {
  renderPage("en", () => ({ ok: true, reference: "SR-20261129-0001" }));
  // No pause between keystrokes: each one renders the form again.
  const user = userEvent.setup({ delay: null });
  const shownValue = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
  await user.type(await screen.findByLabelText("Full Name"), "Layla");
  await user.type(screen.getByLabelText("Email"), "l@x.ae");
  await user.selectOptions(screen.getByLabelText("Subject"), "Inquiry");
  await user.type(screen.getByLabelText("Inquiry"), "Doha");

  await user.click(screen.getByRole("link", { name: "About us" }));
  expect(await screen.findByRole("heading", { name: "About us" })).toBeTruthy();
  expect(screen.queryByLabelText("Full Name")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Back" }));

  expect(await screen.findByLabelText("Full Name")).toBeTruthy();
  expect([shownValue("Full Name"), shownValue("Email"), shownValue("Subject"), shownValue("Inquiry")]).toEqual([
    "Layla",
    "l@x.ae",
    "Inquiry",
    "Doha",
  ]);

  // A new visit of the page (a link, not Back) starts empty; Back to the first shows it again.
  await user.click(screen.getByRole("link", { name: "About us" }));
  await user.click(await screen.findByRole("link", { name: "Contact us" }));
  expect(await screen.findByLabelText("Full Name")).toBeTruthy();
  expect(shownValue("Full Name")).toBe("");
  await user.click(screen.getByRole("button", { name: "Back" }));
  await user.click(await screen.findByRole("button", { name: "Back" }));
  expect(await screen.findByDisplayValue("Layla")).toBeTruthy();

  // Sent: the thanks, then a link and Back show a fresh form.
  await user.type(screen.getByLabelText("Phone"), "501234567");
  await user.selectOptions(screen.getByLabelText("Division"), "Local-Transport");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(await screen.findByText("SR-20261129-0001")).toBeTruthy();
  // The dialog opens in an effect after the reference renders in it.
  await user.click(await screen.findByRole("button", { name: "Close" }));
  await user.click(screen.getByRole("link", { name: "About us" }));
  await user.click(await screen.findByRole("button", { name: "Back" }));
  expect(await screen.findByLabelText("Full Name")).toBeTruthy();
  expect([shownValue("Full Name"), shownValue("Email"), shownValue("Inquiry")]).toEqual(["", "", ""]);
});

test("the notifications' live region is in the page before a refusal's toast is added to it", async () => {
  const refusal = "Too many requests. Please wait a moment, then try again.";
  renderPage("en", () => ({ ok: false, values: {}, errors: {}, message: refusal }));
  // No pause between keystrokes: each one renders the form again.
  const user = userEvent.setup({ delay: null });

  // The first focus in the form mounts the (empty) region; a screen reader reads what is added to it.
  await user.type(await screen.findByLabelText("Full Name"), "Layla");
  const region = await screen.findByRole("region", { name: /Notifications/ });
  expect(region.getAttribute("aria-live")).toBe("polite");
  expect(region.textContent).toBe("");

  await user.type(screen.getByLabelText("Email"), "l@x.ae");
  await user.type(screen.getByLabelText("Phone"), "501234567");
  await user.selectOptions(screen.getByLabelText("Subject"), "Inquiry");
  await user.selectOptions(screen.getByLabelText("Division"), "Local-Transport");
  await user.type(screen.getByLabelText("Inquiry"), "Doha");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  expect(await within(region).findByText(refusal)).toBeTruthy();
  expect(screen.getByRole("region", { name: /Notifications/ })).toBe(region);
});

test("a phone keyboard capitalises the name's words and leaves a reference code as typed, in capitals", async () => {
  renderPage();
  const name = await screen.findByLabelText("Full Name");
  expect(name.getAttribute("autocapitalize")).toBe("words");
  // INV-2026-000101: no autocorrection or spelling suggestions turning it into a word.
  const reference = screen.getByLabelText("Applicable Reference");
  expect(reference.getAttribute("autocapitalize")).toBe("characters");
  expect(reference.getAttribute("autocorrect")).toBe("off");
  expect(reference.getAttribute("spellcheck")).toBe("false");
});
