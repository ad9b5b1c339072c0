// The original site's client stack as the specification implies it (product §3 "client state areas",
// §4 request/success/failure flows, §5 Formik/Yup-style validation, §7 axios calls,
// §8 Stripe errors, §9 toasts/carousel/moment formats), in one small single-page app.
// Every library is really used so tree-shaking keeps a realistic amount of it. It is
// never run by the bench: only its bundle is weighed.
import { createElement as h, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, Link, Outlet, useNavigate, useParams } from "react-router-dom";
import { configureStore, createSlice } from "@reduxjs/toolkit";
import { Provider, useDispatch, useSelector } from "react-redux";
import createSagaMiddleware from "redux-saga";
import { all, call, put, takeLatest } from "redux-saga/effects";
import axios from "axios";
import { useFormik } from "formik";
import * as Yup from "yup";
import { Swiper, SwiperSlide } from "swiper/react";
import { Navigation, Pagination } from "swiper/modules";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import Swal from "sweetalert2";
import { ToastContainer, toast } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import PhoneInput from "react-phone-input-2";
import "react-phone-input-2/lib/style.css";
import { loadStripe } from "@stripe/stripe-js";
import { Elements, CardElement, useElements, useStripe } from "@stripe/react-stripe-js";
import ReactGA from "react-ga4";
import moment from "moment";

const api = axios.create({ baseURL: "/api/v1", headers: { language: "en", Accept: "application/json" } });
api.interceptors.response.use(
  (response) => response.data,
  (error) => Promise.reject(error.response?.data?.message ?? error.message),
);

function listSlice(name, limit) {
  return createSlice({
    name,
    initialState: { rows: [], count: 0, limit, offset: 0, loading: false, error: null },
    reducers: {
      request: (state) => { state.loading = true; },
      success: (state, action) => { state.rows = action.payload.rows; state.count = action.payload.count; state.error = null; state.loading = false; },
      failure: (state, action) => { state.error = action.payload; state.loading = false; },
    },
  });
}
const events = listSlice("events", 20);
const flights = listSlice("selectiveServices", 10);
const blogs = listSlice("blogs", 100);
const contact = createSlice({
  name: "contact",
  initialState: { loading: false, success: false, reference: null, error: null },
  reducers: {
    submit: (state) => { state.loading = true; },
    submitted: (state, action) => { state.loading = false; state.success = true; state.reference = action.payload; },
    failed: (state, action) => { state.loading = false; state.error = action.payload; },
    reset: (state) => { state.success = false; state.error = null; },
  },
});

function* fetchList(slice, path, action) {
  try {
    const response = yield call(api.get, path, { params: action.payload });
    yield put(slice.actions.success(response.data));
  } catch (error) {
    yield put(slice.actions.failure(String(error)));
  }
}
function* submitContact(action) {
  try {
    const response = yield call(api.post, "/supportRequests/", action.payload);
    yield put(contact.actions.submitted(response.data.reference));
  } catch (error) {
    yield put(contact.actions.failed(String(error)));
    toast.error(String(error), { position: "top-right", autoClose: 5000 });
  }
}
function* rootSaga() {
  yield all([
    takeLatest(events.actions.request.type, fetchList, events, "/event-services/website"),
    takeLatest(flights.actions.request.type, fetchList, flights, "/selective-services/website"),
    takeLatest(blogs.actions.request.type, fetchList, blogs, "/blog/getWebsiteBlogs"),
    takeLatest(contact.actions.submit.type, submitContact),
  ]);
}
const saga = createSagaMiddleware();
const store = configureStore({
  reducer: { events: events.reducer, flights: flights.reducer, blogs: blogs.reducer, contact: contact.reducer },
  middleware: (getDefault) => getDefault({ thunk: false }).concat(saga),
});
saga.run(rootSaga);

function useList(slice, key, query) {
  const dispatch = useDispatch();
  const state = useSelector((s) => s[key]);
  useEffect(() => { dispatch(slice.actions.request(query)); }, [dispatch]);
  return state;
}

function Layout() {
  return h("div", null,
    h("nav", null, ["/", "/transport", "/flights", "/blogs", "/aboutus", "/contact-us"].map((to) => h(Link, { key: to, to }, to))),
    h(Outlet),
    h(ToastContainer, { position: "top-right", autoClose: 5000 }),
  );
}

function Home() {
  const list = useList(flights, "flights", { limit: 100, offset: 0, showOnWebsite: true });
  return h("main", null,
    h("h1", null, "Wherever your equine journey takes you"),
    h(Swiper, { modules: [Navigation, Pagination], navigation: true, pagination: { clickable: true }, speed: 500, slidesPerView: 1, breakpoints: { 600: { slidesPerView: 2 }, 1024: { slidesPerView: 4 } } },
      list.rows.map((row) => h(SwiperSlide, { key: row.id }, `${row.type} ${moment(row.startDate).format("dddd DD MMM YYYY")}`))),
  );
}

function Transport() {
  const list = useList(events, "events", { limit: 100, offset: 0, showOnWebsite: true });
  return h("ul", null, list.rows.map((row) => h("li", { key: row.id }, `${row.eventName} ${moment(row.startDate).format("DD MMM")}`)));
}

function BlogDetail() {
  const { id } = useParams();
  const [blog, setBlog] = useState(null);
  useEffect(() => { api.get(`/blog/${id}`).then((r) => setBlog(r.data), () => setBlog(null)); }, [id]);
  return blog ? h("article", null, h("h1", null, blog.title ?? "Untitled"), h("time", null, moment(blog.date).format("MMM DD, YYYY"))) : h("p", null, "Blog not found.");
}

const contactSchema = Yup.object().shape({
  fullName: Yup.string().required("Please Enter Full Name"),
  email: Yup.string().email("Must be a valid Email").required("Please Enter Email"),
  phone: Yup.string().required("Phone number is required").matches(/^\+(?:\d ?){9,}\d$/, "Invalid phone number. Please use the international format with a minimum of 9 digits."),
  division: Yup.string().required("Please select the division"),
  subject: Yup.string().required("Please select subject"),
  supportInquiry: Yup.string().required("Please Enter your Inquiry"),
});

function Contact() {
  const dispatch = useDispatch();
  const state = useSelector((s) => s.contact);
  const form = useFormik({
    initialValues: { fullName: "", email: "", phone: "", subject: "", division: "", applicableReference: "", supportInquiry: "", sourceIsApp: false, sourceIsWebsite: true },
    validationSchema: contactSchema,
    enableReinitialize: true,
    onSubmit: (values) => dispatch(contact.actions.submit(values)),
  });
  useEffect(() => {
    if (state.success) Swal.fire({ title: "Thank you", text: `Reference ${state.reference}`, icon: "success" }).then(() => dispatch(contact.actions.reset()));
  }, [state.success]);
  return h("form", { onSubmit: form.handleSubmit },
    h("input", { name: "fullName", value: form.values.fullName, onChange: form.handleChange, onBlur: form.handleBlur }),
    form.touched.fullName && form.errors.fullName ? h("p", null, form.errors.fullName) : null,
    h("input", { name: "email", value: form.values.email, onChange: form.handleChange, onBlur: form.handleBlur }),
    h(PhoneInput, { country: "ae", value: form.values.phone, onChange: (phone) => form.setFieldValue("phone", `+${phone}`) }),
    h("textarea", { name: "supportInquiry", rows: 5, placeholder: "Describe your inquiry", value: form.values.supportInquiry, onChange: form.handleChange }),
    h("button", { type: "submit", disabled: state.loading }, "Submit"),
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const ask = async () => {
    const confirm = await Swal.fire({ title: "Are you Sure?", text: "You won't be able to revert this!", showCancelButton: true, confirmButtonText: "Confirm" });
    if (!confirm.isConfirmed) return;
    const code = await Swal.fire({ title: "Enter Verification Code", input: "text", confirmButtonText: "Verify" });
    if (code.value) navigate("/success");
  };
  return h("button", { type: "button", onClick: ask }, "Submit");
}

const stripePromise = loadStripe("pk_test_baseline");
function CardForm({ total }) {
  const stripe = useStripe();
  const elements = useElements();
  const pay = async () => {
    if (!stripe || !elements) return toast.error("The card payment provider has not loaded yet. Please try again.");
    const card = elements.getElement(CardElement);
    if (!card) return toast.error("Card element not found");
    const { error, paymentMethod } = await stripe.createPaymentMethod({ type: "card", card, billing_details: { address: { country: "AE" } } });
    if (error || !paymentMethod) return toast.error("Failed to create payment method");
    toast.success(`Paid AED ${(total * 1.015 + 1).toFixed(2)}`);
  };
  return h("div", null, h(CardElement), h("button", { type: "button", onClick: pay }, "Pay"));
}
function Invoice() {
  const { hash } = useParams();
  const [invoice, setInvoice] = useState(null);
  useEffect(() => { api.post("/invoices-v2/get-invoice-by-link", { hash }).then((r) => setInvoice(r.data), (e) => toast.error(String(e))); }, [hash]);
  if (!invoice) return h("p", null, "Loading invoice...");
  return h(Elements, { stripe: stripePromise }, h("p", null, moment(invoice.dueDate).format("DD MMM YYYY")), h(CardForm, { total: invoice.total }));
}

const router = createBrowserRouter([
  {
    path: "/",
    element: h(Layout),
    children: [
      { index: true, element: h(Home) },
      { path: "transport", element: h(Transport) },
      { path: "blogs/:id", element: h(BlogDetail) },
      { path: "contact-us", element: h(Contact) },
      { path: "delete-account", element: h(DeleteAccount) },
      { path: "invoice/:hash", element: h(Invoice) },
    ],
  },
]);

ReactGA.initialize("G-BASELINE");
ReactGA.send({ hitType: "pageview", page: window.location.pathname + window.location.search });
router.subscribe((state) => ReactGA.send({ hitType: "pageview", page: state.location.pathname + state.location.search }));

createRoot(document.getElementById("root")).render(h(Provider, { store }, h(RouterProvider, { router })));
