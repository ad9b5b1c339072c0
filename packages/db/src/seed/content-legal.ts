/**
 * Demo terms and conditions and privacy policy (product §1 legal statements: prices in UAE
 * dirhams, requests subject to resource availability, UAE law and the courts of
 * Sharjah; privacy in line with the UAE Personal Data Protection Law). Written without
 * the brand name ("we", "the Company") because the brand is configuration.
 */
export const termsAndConditions = {
  title: "General Terms and Conditions of Service",
  content: `<p>These Terms and Conditions apply to every service you request from us through our
mobile apps, our website or our team: local horse transport by road, international shipping of
horses by air and the related services. Please read them before you book. By requesting a service
you accept them.</p>
<h2>1. Definitions</h2>
<ul>
<li><strong>"We", "us", "the Company"</strong>: the operator of this website and of the mobile
apps, a company established in the United Arab Emirates.</li>
<li><strong>"You", "the Customer"</strong>: the owner of the horse or the person authorised by
the owner to request a service.</li>
<li><strong>"Service"</strong>: road transport, air shipping, handling, documentation and any
other service we agree to provide.</li>
</ul>
<h2>2. Requests and bookings</h2>
<p>Bookings are made in our mobile apps or, for international shipping, through our team. A request
becomes a booking only when we confirm it in the app or in writing. We may ask for further information
about the horse before we confirm.</p>
<h2>3. Availability of resources</h2>
<p>Every service request is subject to the availability of vehicles, stalls, flights, grooms,
veterinary services, quarantine facilities and other resources at the requested time. If a resource
is not available we will offer the nearest alternative date or route. Schedules published on the
website and in the apps are for information and may change.</p>
<h2>4. Prices and payment</h2>
<ul>
<li>All prices are quoted and invoiced in UAE dirhams (AED) and include VAT where it applies.</li>
<li>Invoices are payable by the due date shown, by card or Apple Pay through the secure payment
link we send, or by bank transfer.</li>
<li>Card payments carry a processing fee that is shown before you pay. Processing fees are non-refundable.</li>
<li>Fees charged by authorities, airlines, laboratories and quarantine stations are passed on
at cost and listed separately on your invoice.</li>
</ul>
<h2>5. Your responsibilities</h2>
<ol>
<li>You confirm that you own the horse or are authorised by its owner to request the service.</li>
<li>You give us accurate information about the horse, including its behaviour, health and any
condition that may affect travel.</li>
<li>You make sure that the horse's passport, vaccinations and identification are valid and available at pick-up.</li>
<li>You present the horse fit to travel, at the agreed place and time.</li>
</ol>
<h2>6. International shipping and government requirements</h2>
<p>Import and export are subject to the rules of the UAE authorities and of the country of destination
or origin, including permits, health certificates, tests and quarantine. We prepare and submit
the documents on your behalf based on the information you give us. Decisions, inspections and
delays of authorities and airlines are outside our control; the costs they cause are payable by
you.</p>
<h2>7. Changes and cancellations</h2>
<ul>
<li>Road transport cancelled more than 48 hours before pick-up: no charge.</li>
<li>Road transport cancelled less than 48 hours before pick-up, or a horse not ready at pick-up: 50 % of the price.</li>
<li>Air shipping: once the airline has confirmed the stall, the stall price and any costs already
paid to third parties are non-refundable; other amounts are refunded.</li>
</ul>
<p>We may change or cancel a service for reasons of safety, animal welfare, weather, or decisions
of authorities or airlines. In that case we offer another date or refund the amounts paid for
the part of the service not provided.</p>
<h2>8. Animal welfare</h2>
<p>The welfare of the horse comes first. Our grooms and drivers may refuse to load or may stop
a journey if a horse appears unfit to travel or dangerous to itself or others. Where a veterinarian
is needed on the way, we call one and inform you; the veterinary costs are payable by you.</p>
<h2>9. Liability</h2>
<p>We carry out every service with reasonable skill and care. We are not liable for illness, injury
or death of a horse caused by a pre-existing condition, by the natural behaviour of the animal,
by information you did not give us, or by events outside our control. To the extent permitted
by law, our total liability for a service is limited to the price paid for that service. We recommend
that owners keep mortality and transit insurance for their horses.</p>
<h2>10. Force majeure</h2>
<p>We are not responsible for a delay or failure caused by events beyond our reasonable control,
including extreme weather, epidemics, closures of borders or airspace, decisions of authorities,
strikes and failures of airlines or other carriers.</p>
<h2>11. Use of the apps and website</h2>
<p>Your use of our website and apps is also governed by our <a href="/term-of-use">Terms of Use</a>,
and your personal data is handled as described in our <a href="/privacy-policy">Privacy Policy</a>.</p>
<h2>12. Changes to these terms</h2>
<p>We may update these terms. The version published when you make a booking applies to that booking.</p>
<h2>13. Governing law and jurisdiction</h2>
<p>These terms are governed by the laws of the United Arab Emirates as applied in the Emirate
of Sharjah. Any dispute arising from them or from a service is subject to the exclusive jurisdiction
of the courts of Sharjah.</p>
<h2>14. Contact</h2>
<p>Questions about these terms? Write to us through the <a href="/contact-us">contact form</a>;
our support team answers every day.</p>`,
};

export const privacyPolicy = {
  title: "Personal Data Protection Policy",
  content: `<p>This Privacy Policy explains how we collect, use, share and protect personal data
when you use our website and mobile apps or our horse transport and shipping services. We process
personal data in accordance with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of
Personal Data (PDPL) and other applicable laws of the United Arab Emirates.</p>
<h2>1. Who we are</h2>
<p>The operator of this website and of the mobile apps, a company established in the United Arab
Emirates, is the controller of the personal data described here.</p>
<h2>2. The data we collect</h2>
<ul>
<li><strong>Identity and contact data:</strong> your name, e-mail address and phone number.</li>
<li><strong>Account data:</strong> your app account, settings and the people you share trips with.</li>
<li><strong>Horse and booking data:</strong> the horses you manage, their passports and health
documents, your bookings, trips and invoices.</li>
<li><strong>Payment data:</strong> card payments are processed by our payment provider; we receive
a confirmation and the last digits of the card, never the full card number.</li>
<li><strong>Support data:</strong> what you write to us through the contact form or the app, and our replies.</li>
<li><strong>Alert data:</strong> when you ask for e-mail alerts: your e-mail address, what you watch,
the language of the mails, and the record of your consent (when you asked and confirmed, which text you
agreed to, and a protected (hashed) form of your network address).</li>
<li><strong>Technical data:</strong> the pages you visit and basic information about your device,
when analytics is enabled.</li>
</ul>
<h2>3. Why we use it and on what basis</h2>
<ul>
<li>To provide the services you request and manage your account (performance of a contract).</li>
<li>To prepare permits, health certificates and customs documents, and to keep tax and accounting
records (legal obligations).</li>
<li>To keep our services safe, prevent fraud and improve our apps (legitimate interests, balanced
against your rights).</li>
<li>To send you news and offers, only if you agree (consent, which you can withdraw at any time).</li>
</ul>
<h2>4. Who we share it with</h2>
<p>We share personal data only where needed: with airlines, handling agents and customs brokers
for shipments; with veterinary and government authorities, laboratories and quarantine facilities;
with our payment provider; and with IT providers that host our systems under contract. We do not
sell personal data.</p>
<h2>5. Transfers outside the UAE</h2>
<p>International shipping requires sending data to airlines and authorities in the countries of
origin and destination. Such transfers take place as permitted by the PDPL, for example where
they are necessary to perform the service you requested or where the recipient ensures adequate
protection.</p>
<h2>6. How long we keep it</h2>
<ul>
<li>Account data: while your account is active.</li>
<li>Invoices and accounting records: for at least five years, as UAE tax law requires.</li>
<li>Support requests: two years after the request is closed.</li>
<li>E-mail verification codes: ten minutes; only a protected (hashed) form is stored.</li>
<li>E-mail alerts: until you stop them (one click in any alert mail); a request you never confirm is
deleted after seven days.</li>
</ul>
<h2>7. Security</h2>
<p>We protect personal data with encryption in transit, access limited to staff who need it, and
regular reviews of our systems. No system is completely secure; if a breach affects your data,
we will inform you and the competent authority as the law requires.</p>
<h2>8. Your rights</h2>
<p>Under the PDPL you may ask us to:</p>
<ul>
<li>give you access to your personal data and information about how we process it;</li>
<li>correct inaccurate or incomplete data;</li>
<li>erase your data, or restrict or stop its processing, where the law allows;</li>
<li>transfer your data to you or another controller in a structured, machine-readable format;</li>
<li>stop using your data for direct marketing, and withdraw your consent at any time.</li>
</ul>
<p>You may also lodge a complaint with the UAE Data Office.</p>
<h2>9. Deleting your account</h2>
<p>You can delete your account at any time on our <a href="/delete-account">account deletion page</a>:
we send a verification code to your e-mail address and, once you confirm it, we delete your personal
data. Records we must keep by law, such as invoices, are retained without the personal details
that are no longer needed.</p>
<h2>10. Children</h2>
<p>Our services are intended for adults. We do not knowingly collect personal data of children under 18.</p>
<h2>11. Cookies and analytics</h2>
<p>Our website uses only the cookies it needs to work. When analytics is enabled, we count page
views to understand how the website is used; you can block analytics cookies in your browser settings.</p>
<h2>12. Changes to this policy</h2>
<p>We may update this policy. The date of the latest version is kept with this page, and important
changes are announced in the app.</p>
<h2>13. Contact</h2>
<p>For any question or request about your personal data, write to us through the <a href="/contact-us">contact
form</a>, choosing the subject Inquiry.</p>`,
};
