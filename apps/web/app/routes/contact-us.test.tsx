import { parseEnv, publicConfig } from "@khayl/config/env";
// @vitest-environment happy-dom

import type { Messages } from "@lingui/core";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
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

function renderPage(language: Language = "en") {
  const Stub = createRoutesStub([
    {
      // The root loader's public config (the WhatsApp link reads it).
      id: "root",
      loader: () => ({ config: publicConfig(parseEnv({})) }),
      HydrateFallback: NoFallback,
      Component: Outlet,
      children: [
        {
          path: "/contact-us",
          HydrateFallback: NoFallback,
          Component: ContactUs as unknown as React.ComponentType,
        },
      ],
    },
  ]);
  render(
    <TestI18n language={language} messages={language === "ar" ? arabic : {}}>
      <Stub initialEntries={["/contact-us"]} />
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
