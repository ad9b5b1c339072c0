/**
 * Arabic counterpart of the demo shows and flights in `schedules.ts` (product §3 Event and
 * flights): event names, statuses, categories and venues, and the countries and airports of
 * the flights. Venue and airport names follow the Arabic names the UAE clubs and airports
 * use; codes (venue, airport, FEI) and distances stay in Latin letters and digits
 * (decision 016).
 */

/** Arabic event statuses that appear in the seed, by the English text (the badge on a show card). */
export const eventStatusAr: Record<string, string> = {
  Open: "الحجز متاح",
  "Fully Booked": "مكتمل الحجز",
  Upcoming: "قريبًا",
  "To be announced": "يُعلن لاحقًا",
  Closed: "الحجز مغلق",
};

/**
 * Arabic event categories that appear in the seed, by the English text; "International" is
 * the web catalogue's word (دولية), also its fallback for a show without a category.
 */
export const eventCategoryAr: Record<string, string> = {
  International: "دولية",
  National: "وطنية",
  Regional: "إقليمية",
  Clinic: "دورة تدريبية",
};

/** Arabic names of the demo venues, by the English `placeName`. */
const placeNamesAr: Record<string, string> = {
  "Sharjah Equestrian & Racing Club": "نادي الشارقة للفروسية والسباق",
  "Emirates Equestrian Centre, Dubai": "مركز الإمارات للفروسية، دبي",
  "Al Ain Equestrian, Shooting & Golf Club": "نادي العين للفروسية والرماية والجولف",
  "Abu Dhabi Equestrian Club": "نادي أبوظبي للفروسية",
  "Dubai Polo & Equestrian Club": "نادي دبي للبولو والفروسية",
  "Al Forsan International Sports Resort": "منتجع الفرسان الرياضي الدولي",
  "Al Wathba Endurance Village": "قرية الوثبة للقدرة والتحمل",
  "Dubai International Endurance City": "مدينة دبي الدولية للقدرة والتحمل",
  "Boudthib Endurance Village": "قرية بوذيب للقدرة والتحمل",
  "Ras Al Khaimah Equestrian Club": "نادي رأس الخيمة للفروسية",
  "Fujairah Equestrian Club": "نادي الفجيرة للفروسية",
};

/**
 * Left-to-right isolate (U+2066 … U+2069): keeps "CDI3*" reading as written inside an
 * Arabic name that is shown as plain text (without it the star jumps to the code's left).
 */
const ltr = (code: string) => `\u2066${code}\u2069`;

/** The English seed's event fields this file translates. */
interface EventTexts {
  eventName: string;
  eventStatus: string | null;
  eventCategory: string | null;
  placeName: string | null;
}

/** One event in Arabic: the name as given, status, category and venue through the maps above (null stays null). */
function eventAr(english: EventTexts, eventName: string): EventTexts {
  const lookUp = (map: Record<string, string>, text: string | null) => {
    if (text === null) return null;
    const arabic = map[text];
    if (arabic === undefined) throw new Error(`no Arabic for "${text}" (${english.eventName})`);
    return arabic;
  };
  return {
    eventName,
    eventStatus: lookUp(eventStatusAr, english.eventStatus),
    eventCategory: lookUp(eventCategoryAr, english.eventCategory),
    placeName: lookUp(placeNamesAr, english.placeName),
  };
}

/** The demo events' English texts with their Arabic names, in the seed's order. */
const events: [EventTexts, string][] = [
  [
    {
      eventName: "Sharjah International Show Jumping Cup",
      placeName: "Sharjah Equestrian & Racing Club",
      eventCategory: "International",
      eventStatus: "Open",
    },
    "كأس الشارقة الدولي لقفز الحواجز",
  ],
  [
    {
      eventName: "Emirates Longines League — Round 4",
      placeName: "Emirates Equestrian Centre, Dubai",
      eventCategory: "International",
      eventStatus: "Open",
    },
    "دوري الإمارات لونجين — الجولة 4",
  ],
  [
    {
      eventName: "Al Ain National Show Jumping",
      placeName: "Al Ain Equestrian, Shooting & Golf Club",
      eventCategory: "National",
      eventStatus: "Fully Booked",
    },
    "بطولة العين الوطنية لقفز الحواجز",
  ],
  [
    {
      eventName: "Abu Dhabi CDI3* Dressage",
      placeName: "Abu Dhabi Equestrian Club",
      eventCategory: "International",
      eventStatus: "Open",
    },
    `بطولة أبوظبي ${ltr("CDI3*")} للترويض`,
  ],
  [
    {
      eventName: "Dubai Dressage Winter Series",
      placeName: "Dubai Polo & Equestrian Club",
      eventCategory: "National",
      eventStatus: "Open",
    },
    "سلسلة دبي الشتوية للترويض",
  ],
  [
    {
      eventName: "Al Forsan Young Horse Dressage",
      placeName: "Al Forsan International Sports Resort",
      eventCategory: "Regional",
      eventStatus: "Upcoming",
    },
    "بطولة الفرسان للترويض للخيول الناشئة",
  ],
  [
    {
      eventName: "HH The President's Cup Endurance 160 km",
      placeName: "Al Wathba Endurance Village",
      eventCategory: "International",
      eventStatus: "Open",
    },
    "كأس صاحب السمو رئيس الدولة للقدرة والتحمل 160 كم",
  ],
  [
    {
      eventName: "Dubai Crown Prince Endurance 120 km",
      placeName: "Dubai International Endurance City",
      eventCategory: "National",
      eventStatus: "Open",
    },
    "كأس سمو ولي عهد دبي للقدرة والتحمل 120 كم",
  ],
  [
    {
      eventName: "Boudthib Ladies Endurance 100 km",
      placeName: "Boudthib Endurance Village",
      eventCategory: "Regional",
      eventStatus: "Upcoming",
    },
    "سباق بوذيب للسيدات للقدرة والتحمل 100 كم",
  ],
  [
    {
      eventName: "Emirates Eventing Championship",
      placeName: "Al Forsan International Sports Resort",
      eventCategory: "International",
      eventStatus: "Open",
    },
    "بطولة الإمارات للفروسية الثلاثية",
  ],
  [
    {
      eventName: "Sharjah Eventing Cup — One Day Event",
      placeName: "Sharjah Equestrian & Racing Club",
      eventCategory: "National",
      eventStatus: "Upcoming",
    },
    "كأس الشارقة للفروسية الثلاثية — منافسة اليوم الواحد",
  ],
  [
    {
      eventName: "UAE Tent Pegging Federation Cup",
      placeName: "Al Ain Equestrian, Shooting & Golf Club",
      eventCategory: "International",
      eventStatus: "Open",
    },
    "كأس اتحاد الإمارات لالتقاط الأوتاد",
  ],
  [
    {
      eventName: "Ras Al Khaimah Tent Pegging Open",
      placeName: "Ras Al Khaimah Equestrian Club",
      eventCategory: null,
      eventStatus: "Upcoming",
    },
    "بطولة رأس الخيمة المفتوحة لالتقاط الأوتاد",
  ],
  [
    {
      eventName: "Fujairah Show Jumping Festival (dates to be confirmed)",
      placeName: "Fujairah Equestrian Club",
      eventCategory: "National",
      eventStatus: "To be announced",
    },
    "مهرجان الفجيرة لقفز الحواجز (المواعيد قيد التأكيد)",
  ],
  [
    {
      eventName: "Private Clinic — Dressage with Visiting Coach",
      placeName: "Dubai Polo & Equestrian Club",
      eventCategory: "Clinic",
      eventStatus: "Closed",
    },
    "دورة تدريبية خاصة — الترويض مع مدرب زائر",
  ],
];

/**
 * Arabic texts of the demo events, by the English `eventName`: the Arabic name, and the
 * status, category and venue translated through `eventStatusAr`, `eventCategoryAr` and the
 * venue names (a null English field stays null).
 */
export const eventSeedsAr: Record<
  string,
  { eventName: string; eventStatus: string | null; eventCategory: string | null; placeName: string | null }
> = Object.fromEntries(events.map(([english, name]) => [english.eventName, eventAr(english, name)]));

/** Arabic names of the countries of the demo flights, by the English name (`fromCountry`, `toCountry`). */
export const countryNamesAr: Record<string, string> = {
  "United Arab Emirates": "الإمارات العربية المتحدة",
  Belgium: "بلجيكا",
  Netherlands: "هولندا",
  Germany: "ألمانيا",
  "United Kingdom": "المملكة المتحدة",
  France: "فرنسا",
  "United States": "الولايات المتحدة",
  Qatar: "قطر",
};

/** Arabic names of the airports of the demo flights, by IATA code (the code itself stays Latin). */
export const airportNamesAr: Record<string, string> = {
  DXB: "دبي الدولي",
  DWC: "دبي وورلد سنترال",
  AUH: "أبوظبي (زايد الدولي)",
  SHJ: "الشارقة",
  LGG: "لييج",
  AMS: "أمستردام سخيبول",
  FRA: "فرانكفورت",
  LHR: "لندن هيثرو",
  CDG: "باريس شارل ديغول",
  ORD: "شيكاغو أوهير",
  DOH: "الدوحة (حمد الدولي)",
};
