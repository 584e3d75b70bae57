import { asRecord, asText, newId, StripeWorld, type StripeObject } from "./stripe-world";

/**
 * What buyers, banks and the Customer Portal do to the Stripe stand-in's world: paying at
 * Checkout, renewals that are paid or fail, retries, plan changes, cancellations, disputes.
 * Each step changes the state as Stripe would and emits the events Stripe would send.
 */
export class StripeSimulation extends StripeWorld {
  /** The buyer pays at Checkout: Stripe completes the session and sends what follows. */
  completeCheckout(sessionId: string): { session: StripeObject; subscription?: StripeObject; paymentIntent?: StripeObject } {
    const session = this.retrieveCheckoutSession(sessionId);
    if (session.status !== "open") throw new Error(`Checkout Session ${sessionId} is ${String(session.status)}, it cannot be paid`);
    const price = this.priceOf(session);
    session.status = "complete";
    session.payment_status = "paid";
    session.amount_total = price.unitAmount;
    if (session.mode !== "subscription") {
      const metadata = asRecord(session.payment_intent_data).metadata;
      const { intent } = this.pay(price.unitAmount, price.currency, session.customer, metadata);
      session.payment_intent = intent.id;
      this.emit("checkout.session.completed", session);
      return { session, paymentIntent: intent };
    }
    if (!price.interval) throw new Error("A subscription Checkout Session needs a recurring price");
    const subscription: StripeObject = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "incomplete",
      metadata: asRecord(session.subscription_data).metadata ?? {},
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: this.nowSeconds,
      latest_invoice: null,
      items: { object: "list", data: [] },
    };
    this.setItem(subscription, { id: newId("si"), price: { id: price.id, recurring: { interval: price.interval } } });
    this.setPeriod(subscription, this.nowSeconds, price.interval);
    this.subscriptions.set(subscription.id, subscription);
    this.emit("customer.subscription.created", subscription);
    const invoice = this.createInvoice(subscription, price, "subscription_create");
    this.settleInvoice(invoice, true);
    subscription.status = "active";
    this.emit("customer.subscription.updated", subscription);
    session.subscription = subscription.id;
    this.emit("checkout.session.completed", session);
    return { session, subscription };
  }

  /**
   * The billing period ends: a subscription set to cancel ends; otherwise a new period starts
   * with an open invoice (Stripe opens the period first and collects afterwards), which is
   * then paid, or fails and the subscription goes past due. `startRenewal` and `collect` are
   * the two halves, for tests that deliver events in between.
   */
  renew(subscriptionId: string, options: { pays?: boolean } = {}): void {
    if (this.startRenewal(subscriptionId)) this.collect(subscriptionId, options);
  }

  /** Opens the next period with an unpaid invoice; false when the subscription ended instead. */
  startRenewal(subscriptionId: string): boolean {
    const subscription = this.retrieveSubscription(subscriptionId);
    const { end } = this.periodOf(subscriptionId);
    if (subscription.cancel_at_period_end) {
      this.endSubscription(subscription, Math.floor(end.getTime() / 1000));
      return false;
    }
    const price = this.priceOfSubscription(subscription);
    this.setPeriod(subscription, Math.floor(end.getTime() / 1000), price.interval ?? "month");
    this.createInvoice(subscription, price, "subscription_cycle");
    this.emit("customer.subscription.updated", subscription);
    return true;
  }

  /** Attempts the open invoice of the current period. */
  collect(subscriptionId: string, options: { pays?: boolean } = {}): void {
    const subscription = this.retrieveSubscription(subscriptionId);
    const invoice = this.invoices.get(String(subscription.latest_invoice));
    if (!invoice || invoice.status !== "open") throw new Error(`Subscription ${subscriptionId} has no open invoice`);
    const status = this.settleInvoice(invoice, options.pays ?? true) ? "active" : "past_due";
    if (subscription.status === status) return;
    subscription.status = status;
    this.emit("customer.subscription.updated", subscription);
  }

  /** Stripe retries the open invoice of the current period (Smart Retries). */
  retryPayment(subscriptionId: string, options: { pays: boolean; giveUp?: boolean }): void {
    const subscription = this.retrieveSubscription(subscriptionId);
    const invoice = this.invoices.get(String(subscription.latest_invoice));
    if (!invoice || invoice.status !== "open") throw new Error(`Subscription ${subscriptionId} has no open invoice`);
    const paid = this.settleInvoice(invoice, options.pays);
    subscription.status = paid ? "active" : options.giveUp ? "unpaid" : "past_due";
    this.emit("customer.subscription.updated", subscription);
  }

  /**
   * A plan change in the Customer Portal. The same interval keeps the period (Stripe prorates
   * in money only); another interval starts a new period now, paid at once.
   */
  changePrice(subscriptionId: string, priceId: string): void {
    const subscription = this.retrieveSubscription(subscriptionId);
    const price = this.prices.get(priceId);
    if (!price?.interval) throw new Error(`The fake knows no recurring price ${priceId}`);
    const previous = this.priceOfSubscription(subscription);
    const item = this.item(subscription);
    item.price = { id: price.id, recurring: { interval: price.interval } };
    this.setItem(subscription, item);
    if (previous.interval !== price.interval) {
      this.setPeriod(subscription, this.nowSeconds, price.interval);
      this.settleInvoice(this.createInvoice(subscription, price, "subscription_update"), true);
    }
    this.emit("customer.subscription.updated", subscription);
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): void {
    const subscription = this.retrieveSubscription(subscriptionId);
    subscription.cancel_at_period_end = cancel;
    subscription.canceled_at = cancel ? this.nowSeconds : null;
    this.emit("customer.subscription.updated", subscription);
  }

  /** The PaymentIntents that paid a subscription's invoices, oldest first. */
  paymentsOf(subscriptionId: string): string[] {
    const invoices = new Set(
      [...this.invoices.values()].filter((invoice) => JSON.stringify(invoice.parent).includes(`"${subscriptionId}"`)).map((invoice) => invoice.id),
    );
    return [...this.invoicePayments.values()]
      .filter((payment) => payment.status === "paid" && invoices.has(String(payment.invoice)))
      .map((payment) => asText(asRecord(payment.payment).payment_intent) ?? "");
  }

  /** The PaymentIntent of a subscription's latest paid invoice. */
  latestPaymentOf(subscriptionId: string): string {
    const intent = this.paymentsOf(subscriptionId).at(-1);
    if (!intent) throw new Error(`No invoice of ${subscriptionId} is paid`);
    return intent;
  }

  /**
   * The card holder disputes a payment with their bank: a chargeback, or an inquiry (which
   * Stripe still lets the seller refund, and which may close with a warning).
   */
  openDispute(paymentIntentId: string, kind: "chargeback" | "inquiry" = "chargeback"): string {
    const charge = this.chargeOf(paymentIntentId);
    const dispute: StripeObject = {
      id: newId("dp"),
      object: "dispute",
      amount: charge.amount,
      charge: charge.id,
      payment_intent: paymentIntentId,
      status: kind === "inquiry" ? "warning_needs_response" : "needs_response",
      reason: "fraudulent",
      created: this.nowSeconds,
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.emit("charge.dispute.created", dispute);
    return dispute.id;
  }

  closeDispute(disputeId: string, outcome: "won" | "lost" | "warning_closed"): void {
    const dispute = this.get(this.disputes, disputeId, "dispute");
    dispute.status = outcome;
    this.emit("charge.dispute.closed", dispute);
  }
}
