/**
 * Demo blogs (product §3 Blog): articles on moving horses in the UAE and abroad, with HTML
 * content (headings, lists, links), tags, a category and images the website serves
 * from `apps/web/public/images/blog/` (`{slug}.svg` 1200×630, `{slug}-card.svg` 3:2).
 * `daysAgo` places each post relative to the seeding day; exactly one is the main blog.
 */
export interface BlogSeed {
  slug: string;
  title: string;
  summary: string;
  daysAgo: number;
  isMainBlog?: boolean;
  tag: string[];
  category: string;
  content: string;
}

export const blogSeeds: BlogSeed[] = [
  {
    slug: "show-season-calendar",
    title: "The UAE show season at a glance: plan your transport early",
    summary:
      "From the first autumn shows to the spring finals, here is how the UAE season runs and when to book " +
      "transport for each discipline.",
    daysAgo: 9,
    isMainBlog: true,
    tag: ["Show calendar", "Show Jumping", "Dressage"],
    category: "Shows",
    content: `<p>The UAE season is short and busy. Once the summer heat breaks, clubs across the
Emirates run a show almost every weekend until spring, and the best transport slots go early.
This guide shows how the season usually unfolds and how to plan each move.</p>
<h2>How the season runs</h2>
<ul>
<li><strong>October to November:</strong> national shows open the season at Sharjah, Dubai and
Al Ain. Riders use them to qualify and to get young horses out for their first rounds.</li>
<li><strong>December to February:</strong> the peak. International show jumping and dressage weeks,
the endurance championships and most eventing fixtures fall in these three months.</li>
<li><strong>March to April:</strong> finals and national championships, then the last shows before
the heat returns.</li>
</ul>
<h2>Book by discipline</h2>
<h3>Show jumping</h3>
<p>Many show jumping weekends run Thursday to Saturday. Plan to arrive the day before your first
class so your horse can settle in the stable and walk the arena. For multi-day shows we run shared
trucks from the main yards in Dubai, Sharjah and Abu Dhabi.</p>
<h3>Dressage</h3>
<p>Dressage horses appreciate a calm, unhurried arrival. Ask for a stall by the partition wall
and keep the journey time short; on longer routes we plan a rest stop with water.</p>
<h3>Endurance and tent pegging</h3>
<p>Endurance rides start before dawn, so most of our endurance trips leave the evening before.
Tent pegging teams often travel with several horses and their equipment: tell us the number of
horses and the kit you carry when you book.</p>
<h2>Five tips for a stress-free season</h2>
<ol>
<li>Check the <a href="/transport">show schedule</a> at the start of each month and reserve your
seats as soon as entries open.</li>
<li>Keep your horse's passport and vaccination record up to date in the app; show offices ask for them at arrival.</li>
<li>Share the trip with your rider and groom so everyone sees the pick-up time.</li>
<li>Pack the same travel kit for every show: bandages or travel boots, a hay net, a water bucket
and a spare head collar.</li>
<li>If plans change, cancel early: a freed stall goes to another horse on the waiting list.</li>
</ol>
<p>See you at the showground.</p>`,
  },
  {
    slug: "road-trip-checklist",
    title: "How to prepare your horse for a road trip to a show",
    summary:
      "A checklist for the days before a show trip: health, paperwork, what to pack and how to make loading calm " +
      "and safe.",
    daysAgo: 430,
    tag: ["Travel preparation", "Road transport"],
    category: "Travel Tips",
    content: `<p>A good journey starts days before the truck arrives. Whether your horse is going
from Dubai to Al Ain or from Sharjah to Abu Dhabi, the same preparation keeps it calm and arriving
ready to compete.</p>
<h2>The week before</h2>
<ul>
<li><strong>Health check:</strong> make sure your horse is eating, drinking and moving normally.
If in doubt, ask your vet before you travel.</li>
<li><strong>Vaccinations:</strong> equine influenza vaccination must be current for most shows;
check the dates in the passport.</li>
<li><strong>Practice loading:</strong> if your horse is young or an uneasy loader, practise walking
into a trailer or ramp at home, with patience and rewards.</li>
</ul>
<h2>What to pack</h2>
<ul>
<li>Passport and any show documents</li>
<li>Travel boots or bandages, and a tail guard</li>
<li>A well-fitting head collar with a lead rope (and a spare)</li>
<li>Hay net, feed for the trip and your horse's usual water bucket</li>
<li>A light sheet for early-morning starts in winter</li>
</ul>
<h2>On the day</h2>
<ol>
<li>Give a small hay feed before travelling rather than a large hard feed.</li>
<li>Have your horse groomed, booted and ready at the pick-up time shown in the app.</li>
<li>Tell the groom about any habits: a horse that kicks at partitions or dislikes travelling next to a mare.</li>
<li>Follow the trip live and meet your horse at the stable on arrival.</li>
</ol>
<h2>On arrival</h2>
<p>Offer water straight away, let your horse stretch its legs with a walk in hand, and check the
legs for any knocks. Most horses settle within an hour; a quiet stall and a hay net help.</p>
<p>Questions about a special case? <a href="/contact-us">Contact our team</a> before you book.</p>`,
  },
  {
    slug: "export-quarantine-paperwork",
    title: "Exporting a horse from the UAE: quarantine, tests and paperwork",
    summary:
      "What happens before a horse can fly out of the UAE: isolation, blood tests, permits and the health " +
      "certificate, and how long to allow.",
    daysAgo: 400,
    tag: ["Export", "Quarantine", "Paperwork"],
    category: "International Shipping",
    content: `<p>Sending a horse abroad, for a competition, a sale or a move, takes more planning
than the flight itself. Each destination sets its own health rules, and every step has to happen
in the right order. Here is the usual path.</p>
<h2>1. Check the destination's requirements</h2>
<p>Import conditions differ from country to country and change from time to time. Before anything
else we confirm the current requirements for your destination: residence period, vaccinations,
blood tests and the form of the health certificate.</p>
<h2>2. Pre-export isolation</h2>
<p>Many destinations require the horse to stay in pre-export isolation at an approved facility,
often for two to four weeks. During this period the horse is kept apart from other horses and
checked by a veterinarian.</p>
<h2>3. Blood tests</h2>
<p>Samples are taken within the time window the destination allows before departure. Depending
on the country, tests commonly include:</p>
<ul>
<li>Equine infectious anaemia</li>
<li>Glanders and dourine</li>
<li>Equine piroplasmosis</li>
<li>Equine viral arteritis (for some breeding animals)</li>
</ul>
<h2>4. Documents</h2>
<ul>
<li>Passport with microchip number, identification and vaccination record</li>
<li>Export health certificate issued by the UAE authorities, and the import permit of the destination
where one is needed</li>
<li>Customs declaration and, for sales, the ownership documents</li>
</ul>
<h2>5. Flight and arrival</h2>
<p>Once the certificate is signed we book the stall on the next suitable flight; you can see our
<a href="/flights">export flights</a> on the schedule. On arrival, the destination may require
its own quarantine before the horse is released.</p>
<h2>How long should you allow?</h2>
<p>Allow at least six to eight weeks from the first call to the flight, and more for destinations
with long residence or quarantine rules. Starting early is the single best way to avoid missed
flights.</p>
<p><em>Requirements change: this article is a general guide, not legal or veterinary advice. We
confirm the exact rules for every shipment.</em></p>`,
  },
  {
    slug: "endurance-season",
    title: "Endurance season in the UAE: getting to the start line fresh",
    summary:
      "Endurance rides start before dawn and end with strict vet checks. How to plan the journey so your horse " +
      "arrives rested and ready.",
    daysAgo: 390,
    tag: ["Endurance", "Season"],
    category: "Endurance",
    content: `<p>From October to March the endurance villages of the UAE host rides from 40 km
qualifiers to 160 km championships. Horses that arrive rested, hydrated and relaxed have the best
chance of passing every vet gate.</p>
<h2>Plan the journey around the start</h2>
<p>Most rides start in the dark, before the day warms up. We therefore usually move endurance
horses the evening before, so they can rest overnight in the village stables. For early starts
close to your yard, a night-time departure is possible on request.</p>
<h2>Hydration comes first</h2>
<ul>
<li>Offer water at loading and again on arrival, in your horse's own bucket if it is fussy.</li>
<li>Soaked hay or a wet mash the day before helps the horse start the ride well hydrated.</li>
<li>Electrolytes should follow your vet's plan; do not try anything new on ride day.</li>
</ul>
<h2>At the vet gates</h2>
<p>After each loop the horse's heart rate must recover to the required level within the time allowed,
and the vets check gait, hydration and metabolic signs. A calm trip the day before makes a real
difference here: a stressed horse recovers more slowly.</p>
<h2>After the ride</h2>
<p>Cool your horse down fully, let it drink and eat, and have it checked by your vet before the
journey home. We keep the return trip flexible: if a horse needs more recovery time, we wait or
plan a later truck.</p>
<p>Find this season's rides on the <a href="/transport?discipline=endurance">endurance schedule</a>.</p>`,
  },
  {
    slug: "import-horse-uae",
    title: "Bringing a horse home: importing into the UAE step by step",
    summary:
      "Buying abroad or returning from a competition? The import permit, the flight, the quarantine on arrival " +
      "and the last road trip home.",
    daysAgo: 360,
    tag: ["Import", "Paperwork"],
    category: "International Shipping",
    content: `<p>Whether you have bought a horse in Europe or your own horse is coming back from
a season abroad, importing into the UAE follows a clear sequence. Planning it well avoids days
of waiting at the airport or in quarantine.</p>
<h2>Before the flight</h2>
<ol>
<li><strong>Import permit:</strong> the permit is issued by the UAE authorities before the horse
travels. We prepare the application with the passport details and the exporting country's health
requirements.</li>
<li><strong>Health certificate:</strong> the veterinary authority of the exporting country issues
the certificate after the required tests and isolation.</li>
<li><strong>Flight booking:</strong> we reserve a stall on one of our <a href="/flights">import
flights</a> from the usual gateways, such as Liège, Amsterdam or Frankfurt.</li>
</ol>
<h2>On arrival</h2>
<p>At the airport the horse is inspected, the documents are checked and customs clearance is completed.
Depending on its origin and test results, the horse may have to spend a period in quarantine before
it is released.</p>
<h2>The last mile</h2>
<p>After release, our truck takes the horse straight to your stable. Expect a tired horse after
a long journey: offer water, soaked hay and a quiet stall, and let it rest for a few days before
work.</p>
<h2>Costs to budget for</h2>
<ul>
<li>Flight stall and flying groom</li>
<li>Permits, certificates and laboratory tests</li>
<li>Customs duties and VAT, where they apply</li>
<li>Quarantine and the road transport home</li>
</ul>
<p>All our quotes are in UAE dirhams and list each item separately, so there are no surprises.</p>`,
  },
  {
    slug: "flight-day-jet-stalls",
    title: "Flight day explained: jet stalls, flying grooms and arrival",
    summary:
      "What really happens when a horse flies: loading into a jet stall at the airport, the flying groom on board " +
      "and the first hours after landing.",
    daysAgo: 280,
    tag: ["Air shipping", "Flight day"],
    category: "International Shipping",
    content: `<p>Horses are good travellers by air. Most stand quietly through the flight, and
many handle it better than a long road journey. Here is what happens on the day.</p>
<h2>At the airport</h2>
<p>Horses are loaded at the cargo terminal into <strong>jet stalls</strong>: aluminium containers
with two or three stalls, padded partitions and a ramp. The stalls are loaded onto the aircraft
after the passengers' luggage and cargo are on board, so that the horses spend as little time
as possible waiting.</p>
<h2>On board</h2>
<ul>
<li>A <strong>flying groom</strong> travels with the horses and checks each one throughout the flight.</li>
<li>Hay and water are offered during the flight; many horses eat as they would in their stable.</li>
<li>Take-off and landing are the moments horses notice most; the groom stays at their heads.</li>
</ul>
<h2>After landing</h2>
<p>The jet stalls are unloaded first and taken to the animal reception area. After the veterinary
inspection and customs, the horses continue by road to quarantine or directly to their stable.</p>
<h2>How to help your horse</h2>
<ol>
<li>Keep feeding simple in the days before the flight; plenty of forage, no sudden changes.</li>
<li>Send the horse's usual head collar and a note on its habits.</li>
<li>Plan a few quiet days after arrival before training resumes.</li>
</ol>`,
  },
  {
    slug: "hospital-transport",
    title: "When it can't wait: transporting a sick or injured horse to hospital",
    summary:
      "Colic, lameness or an injury at a show: how urgent hospital transport works and what you can do while you " +
      "wait for the truck.",
    daysAgo: 215,
    tag: ["Veterinary", "Hospital transport"],
    category: "Horse Care",
    content: `<p>Every owner hopes never to need it, but when a horse has colic or an injury,
a fast and safe trip to the equine hospital can make all the difference. Our team runs hospital
transport around the clock.</p>
<h2>Call your vet first</h2>
<p>Your vet decides whether the horse should travel and may give treatment before loading. Tell
us what the vet has said when you call; it helps us choose the right truck and the right stall.</p>
<h2>What we bring</h2>
<ul>
<li>A truck with a wide stall, so an unsteady horse can stand with support on both sides</li>
<li>Extra padding, non-slip flooring and a low loading ramp</li>
<li>A groom experienced with sick and injured horses</li>
</ul>
<h2>While you wait</h2>
<ol>
<li>Keep the horse quiet and in the shade; follow your vet's instructions.</li>
<li>Prepare the passport and any notes from the vet.</li>
<li>Clear a path to where the truck can park, close to the stable.</li>
</ol>
<h2>After treatment</h2>
<p>When the hospital discharges your horse, we bring it home in the same careful way. Tell us
about any restrictions, such as a bandaged leg or no weight on one side, so we can set up the
stall.</p>
<p>For urgent requests, use the app or <a href="/contact-us">contact support</a> at any hour.</p>`,
  },
  {
    slug: "hot-weather-travel",
    title: "Hot-weather travel: keeping horses cool on summer journeys",
    summary:
      "Summer moves still happen in the UAE. Early starts, airflow, water and careful timing keep horses " +
      "comfortable when it is hot.",
    daysAgo: 170,
    tag: ["Hot weather", "Welfare"],
    category: "Horse Care",
    content: `<p>The show season pauses in summer, but horses still move between stables, clinics
and the airport. With temperatures well above 40 °C, timing and airflow matter more than at any
other time of the year.</p>
<h2>Travel at the right time</h2>
<ul>
<li>Early morning and after sunset are the coolest times to travel; we avoid the middle of the
day, in line with the UAE's midday break.</li>
<li>Keep journeys short and direct; on longer routes we plan a shaded rest stop.</li>
<li>Loading and unloading happen in the shade wherever possible.</li>
</ul>
<h2>Airflow and water</h2>
<p>Our trucks have roof vents and fans, and we leave space between horses so air can move. Water
is offered before loading, during longer trips and at arrival. A horse that refuses water may
drink more readily from its own bucket, so pack it.</p>
<h2>Signs of heat stress</h2>
<p>Watch for fast breathing, flared nostrils, heavy sweating or, worse, a horse that stops sweating,
and for dullness or weakness. If you see these signs, move the horse to shade, cool it with plenty
of water and call your vet.</p>
<h2>Our summer checklist</h2>
<ol>
<li>Departure before 10:00 or after sunset</li>
<li>Vents open, fans on and temperature checked before loading</li>
<li>No rugs, no unnecessary bandages that trap heat</li>
<li>Water every time the truck stops</li>
</ol>`,
  },
];
