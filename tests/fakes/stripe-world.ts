import { randomBytes } from "node:crypto";

/**
 * The state behind the Stripe stand-in: customers, Checkout Sessions, subscriptions, invoices,
 * payments, refunds and disputes, changed the way Stripe changes them and emitting the events
 * Stripe would send. The state moves on with the script a test runs, so the API always answers
 * with the state at the moment it is asked (not a final state set up front): an event delivered
 * on time sees the state of its time, a late one sees what happened since. Events wait in an
 * outbox until a test delivers them (late, twice, out of order: see stripe-delivery.ts).
 */

export type StripeObject = Record<string, unknown> & { id: string };

export interface StripeEventRecord {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  data: { object: StripeObject };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const day = 24 * 60 * 60;
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const copy = <T>(value: T): T => structuredClone(value);

type Interval = "month" | "year";

interface PriceRecord {
  id: string;
  unitAmount: number;
  currency: string;
  interval: Interval | null;
}

function addInterval(unixSeconds: number, interval: Interval): number {
  const date = new Date(unixSeconds * 1000);
  const months = interval === "year" ? 12 : 1;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
}

export function asText(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export class StripeWorld {
  /** Stripe's clock in milliseconds; tests move it forward (renewals, dates on objects). */
  clockMs: number;
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly invoicePayments = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly disputes = new Map<string, StripeObject>();
  readonly prices = new Map<string, PriceRecord>();
  /** Every event emitted, in order. */
  readonly events: StripeEventRecord[] = [];
  /** Events not delivered yet. */
  readonly outbox: StripeEventRecord[] = [];

  constructor(start: Date = new Date()) {
    this.clockMs = start.getTime();
  }

  /** Forgets every object and event (between tests), keeping defined prices; the clock moves to `start`. */
  reset(start: Date): void {
    for (const store of [this.customers, this.sessions, this.subscriptions, this.invoices, this.invoicePayments, this.paymentIntents, this.charges, this.refunds, this.disputes]) {
      store.clear();
    }
    this.events.length = 0;
    this.outbox.length = 0;
    this.setClock(start);
  }

  get nowSeconds(): number {
    return Math.floor(this.clockMs / 1000);
  }

  now(): Date {
    return new Date(this.clockMs);
  }

  setClock(date: Date): void {
    this.clockMs = date.getTime();
  }

  advanceDays(days: number): void {
    this.clockMs += days * day * 1000;
  }

  /** A price with an id, as configured in STRIPE_PLAN_PRICE_IDS. */
  definePrice(id: string, unitAmount: number, interval: Interval | null, currency = "usd"): void {
    this.prices.set(id, { id, unitAmount, currency, interval });
  }

  emit(type: string, object: StripeObject): StripeEventRecord {
    const event: StripeEventRecord = {
      id: newId("evt"),
      object: "event",
      type,
      created: this.nowSeconds,
      api_version: "2026-10-28.endive",
      data: { object: copy(object) },
    };
    this.events.push(event);
    this.outbox.push(event);
    return event;
  }

  protected get<T extends StripeObject>(store: Map<string, T>, id: string, kind: string): T {
    const found = store.get(id);
    if (!found) throw new StripeApiError(404, `No such ${kind}: '${id}'`, "resource_missing");
    return found;
  }

  // ---- API: objects the app creates or reads ----

  createCustomer(body: Record<string, unknown>): StripeObject {
    const customer = { id: newId("cus"), object: "customer", email: body.email ?? null, metadata: body.metadata ?? {} };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createCheckoutSession(body: Record<string, unknown>): StripeObject {
    const id = newId("cs_test");
    const expiresAt = Number(body.expires_at ?? this.nowSeconds + day);
    const session: StripeObject = {
      id,
      object: "checkout.session",
      mode: body.mode,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      metadata: body.metadata ?? {},
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      currency: body.currency ?? null,
      locale: body.locale ?? null,
      line_items: body.line_items ?? [],
      subscription_data: body.subscription_data ?? null,
      payment_intent_data: body.payment_intent_data ?? null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      payment_status: "unpaid",
      status: "open",
      expires_at: expiresAt,
      payment_intent: null,
      subscription: null,
      amount_total: null,
    };
    this.sessions.set(id, session);
    return session;
  }

  retrieveCheckoutSession(id: string): StripeObject {
    return this.get(this.sessions, id, "checkout.session");
  }

  expireCheckoutSession(id: string): StripeObject {
    const session = this.retrieveCheckoutSession(id);
    if (session.status !== "open") {
      throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`);
    }
    session.status = "expired";
    this.emit("checkout.session.expired", session);
    return session;
  }

  retrieveSubscription(id: string): StripeObject {
    return this.get(this.subscriptions, id, "subscription");
  }

  /** GET /v1/subscriptions/:id, with the latest invoice embedded when asked (expand[]=latest_invoice). */
  readSubscription(id: string, query: Record<string, unknown>): StripeObject {
    const subscription = structuredClone(this.retrieveSubscription(id));
    const expand = Array.isArray(query.expand) ? query.expand : [];
    const invoice = this.invoices.get(String(subscription.latest_invoice));
    if (expand.includes("latest_invoice") && invoice) subscription.latest_invoice = structuredClone(invoice);
    return subscription;
  }

  retrieveInvoice(id: string): StripeObject {
    return this.get(this.invoices, id, "invoice");
  }

  retrievePaymentIntent(id: string): StripeObject {
    return this.get(this.paymentIntents, id, "payment_intent");
  }

  retrieveCharge(id: string): StripeObject {
    return this.get(this.charges, id, "charge");
  }

  listInvoicePayments(query: Record<string, unknown>): StripeObject {
    const invoice = asText(query.invoice);
    const paymentIntent = asText(asRecord(query.payment).payment_intent);
    const data = [...this.invoicePayments.values()].filter((payment) => {
      if (invoice && payment.invoice !== invoice) return false;
      if (paymentIntent && asRecord(payment.payment).payment_intent !== paymentIntent) return false;
      return true;
    });
    return { id: "list", object: "list", data, has_more: false, url: "/v1/invoice_payments" };
  }

  /** DELETE /v1/subscriptions/:id: ends it at once. */
  cancelSubscription(id: string): StripeObject {
    const subscription = this.retrieveSubscription(id);
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
      throw new StripeApiError(400, "A canceled subscription can only update its cancellation_details and metadata.");
    }
    return this.endSubscription(subscription, this.nowSeconds);
  }

  /** POST /v1/refunds: refunds a payment in full, or `amount` of it. */
  createRefund(body: Record<string, unknown>): StripeObject {
    const intentId = asText(body.payment_intent);
    const charge = intentId
      ? [...this.charges.values()].find((c) => c.payment_intent === intentId)
      : this.charges.get(asText(body.charge) ?? "");
    if (!charge) throw new StripeApiError(404, `No such payment_intent: '${intentId ?? ""}'`, "resource_missing");
    const amount = Number(charge.amount);
    const refundedSoFar = Number(charge.amount_refunded);
    if (refundedSoFar >= amount) throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    const refundAmount = body.amount === undefined ? amount - refundedSoFar : Number(body.amount);
    const refund: StripeObject = {
      id: newId("re"),
      object: "refund",
      amount: refundAmount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: "succeeded",
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      created: this.nowSeconds,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = refundedSoFar + refundAmount;
    charge.refunded = refundedSoFar + refundAmount >= amount;
    this.emit("refund.created", refund);
    this.emit("charge.refunded", charge);
    return refund;
  }

  // ---- Payments, invoices and subscription items, for the simulation (stripe-simulation.ts) ----

  protected priceOf(session: StripeObject): PriceRecord {
    const [item] = Array.isArray(session.line_items) ? session.line_items : [];
    const line = asRecord(item);
    const configured = asText(line.price);
    if (configured) {
      const price = this.prices.get(configured);
      if (!price) throw new Error(`The fake knows no price ${configured}: call definePrice first`);
      return price;
    }
    const data = asRecord(line.price_data);
    const interval = asText(asRecord(data.recurring).interval);
    const price: PriceRecord = {
      id: newId("price"),
      unitAmount: Number(data.unit_amount),
      currency: asText(data.currency) ?? "usd",
      interval: interval === "year" || interval === "month" ? interval : null,
    };
    this.prices.set(price.id, price);
    return price;
  }

  protected pay(amount: number, currency: string, customer: unknown, metadata: unknown): { intent: StripeObject; charge: StripeObject } {
    const intent: StripeObject = {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      currency,
      customer: customer ?? null,
      metadata: metadata ?? {},
      status: "succeeded",
    };
    const charge: StripeObject = {
      id: newId("ch"),
      object: "charge",
      amount,
      currency,
      customer: customer ?? null,
      payment_intent: intent.id,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: "succeeded",
    };
    charge.receipt_url = `https://pay.stripe.test/receipts/${String(charge.id)}`;
    intent.latest_charge = charge.id;
    this.paymentIntents.set(intent.id, intent);
    this.charges.set(charge.id, charge);
    return { intent, charge };
  }

  hasPayment(paymentIntentId: string): boolean {
    return this.paymentIntents.has(paymentIntentId);
  }

  /** A payment made outside this world (a test wrote its purchase directly): known from now on. */
  recordPayment(paymentIntentId: string, amount: number, currency = "usd"): void {
    const { intent, charge } = this.pay(amount, currency, null, {});
    this.paymentIntents.delete(intent.id);
    intent.id = paymentIntentId;
    charge.payment_intent = paymentIntentId;
    intent.latest_charge = charge.id;
    this.paymentIntents.set(paymentIntentId, intent);
  }

  /** GET /v1/invoices: newest first, by subscription and status as asked. */
  listInvoices(query: Record<string, unknown>): StripeObject {
    const subscription = asText(query.subscription);
    const status = asText(query.status);
    const data = [...this.invoices.values()]
      .filter((invoice) => (!subscription || JSON.stringify(invoice.parent).includes(`"${subscription}"`)) && (!status || invoice.status === status))
      .reverse();
    return { id: "list", object: "list", data, has_more: false, url: "/v1/invoices" };
  }

  protected createInvoice(subscription: StripeObject, price: PriceRecord, reason: string): StripeObject {
    const id = newId("in");
    const { start, end } = this.periodOf(subscription.id);
    const invoice: StripeObject = {
      id,
      object: "invoice",
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      // The line bills the subscription's period; the invoice's own period_start is not it at Stripe.
      lines: { object: "list", data: [{ id: newId("il"), amount: price.unitAmount, period: { start: start.getTime() / 1000, end: end.getTime() / 1000 } }] },
      customer: subscription.customer,
      status: "open",
      amount_due: price.unitAmount,
      amount_paid: 0,
      currency: price.currency,
      billing_reason: reason,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
      period_start: subscription.current_period_start,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** Pays an open invoice (or fails to); true when paid. */
  protected settleInvoice(invoice: StripeObject, succeeds: boolean): boolean {
    if (!succeeds) {
      this.emit("invoice.payment_failed", invoice);
      return false;
    }
    const { intent } = this.pay(Number(invoice.amount_due), String(invoice.currency), invoice.customer, {});
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    const payment: StripeObject = {
      id: newId("inpay"),
      object: "invoice_payment",
      invoice: invoice.id,
      status: "paid",
      is_default: true,
      payment: { type: "payment_intent", payment_intent: intent.id },
    };
    this.invoicePayments.set(payment.id, payment);
    this.emit("invoice.paid", invoice);
    return true;
  }

  protected item(subscription: StripeObject): Record<string, unknown> {
    const items = asRecord(subscription.items);
    const [first] = Array.isArray(items.data) ? items.data : [];
    return asRecord(first);
  }

  protected setItem(subscription: StripeObject, item: Record<string, unknown>): void {
    subscription.items = { object: "list", data: [item] };
  }

  protected priceOfSubscription(subscription: StripeObject): PriceRecord {
    const id = asText(asRecord(this.item(subscription).price).id) ?? "";
    const price = this.prices.get(id);
    if (!price?.interval) throw new Error(`Subscription ${subscription.id} has no recurring price`);
    return price;
  }

  protected setPeriod(subscription: StripeObject, start: number, interval: Interval): void {
    const item = this.item(subscription);
    item.current_period_start = start;
    item.current_period_end = addInterval(start, interval);
    this.setItem(subscription, item);
  }

  protected endSubscription(subscription: StripeObject, at: number): StripeObject {
    subscription.status = "canceled";
    subscription.ended_at = at;
    subscription.canceled_at ??= at;
    this.emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  protected chargeOf(paymentIntentId: string): StripeObject {
    const charge = [...this.charges.values()].find((c) => c.payment_intent === paymentIntentId);
    if (!charge) throw new Error(`No charge for ${paymentIntentId}`);
    return charge;
  }

  periodOf(subscriptionId: string): { start: Date; end: Date } {
    const item = this.item(this.retrieveSubscription(subscriptionId));
    return { start: new Date(Number(item.current_period_start) * 1000), end: new Date(Number(item.current_period_end) * 1000) };
  }
}
