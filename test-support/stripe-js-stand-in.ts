// A Stripe.js stand-in for browser tests (js.stripe.com cannot be reached here). The test serves
// it at Stripe.js's own URL (a browser route), so the app's loader is the production one. It
// covers what our card tab and @stripe/react-stripe-js use: Stripe(pk), elements({ clientSecret }),
// a Payment Element with card fields, elements.submit() and confirmPayment(), which posts the card
// with the client secret to the local Stripe API (test-support/stripe-server.ts) as Stripe.js posts
// to api.stripe.com. Errors come back in Stripe.js's shape ({ error: { type, code, message } }).

/** The script's source; `apiUrl` is the local Stripe API, e.g. http://127.0.0.1:41234. */
export function stripeJsStandIn(apiUrl: string): string {
  // __name: the helper a transpiler may insert for kept function names, harmless when unused.
  return `var __name = (f) => f;\n(${standIn.toString()})(${JSON.stringify(apiUrl)});`;
}

/* Runs in the page: plain browser JavaScript, no imports. */
function standIn(apiUrl: string): void {
  type Handler = (event: unknown) => void;
  interface Mounted {
    number: HTMLInputElement;
    expiry: HTMLInputElement;
    cvc: HTMLInputElement;
  }

  function createElement(type: string) {
    const handlers: Record<string, Handler[]> = {};
    const emit = (name: string, event: unknown) => (handlers[name] ?? []).forEach((h) => h(event));
    const element = {
      type,
      fields: null as Mounted | null,
      mount(target: HTMLElement | string) {
        const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!node) throw new Error('IntegrationError: the element to mount into does not exist.');
        node.innerHTML = '';
        const field = (label: string, name: string, placeholder: string) => {
          const wrap = document.createElement('label');
          wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;font:13px system-ui;color:#c9c3e6;margin-bottom:10px';
          wrap.textContent = label;
          const input = document.createElement('input');
          input.name = name;
          input.placeholder = placeholder;
          input.setAttribute('data-testid', `stripe-${name}`);
          input.style.cssText =
            'padding:10px 12px;border-radius:8px;border:1px solid #3a3358;background:#15112a;color:#fff;font:15px ui-monospace,monospace';
          input.addEventListener('input', () =>
            emit('change', { elementType: 'payment', empty: !input.value, complete: false, value: { type: 'card' } }),
          );
          wrap.appendChild(input);
          node.appendChild(wrap);
          return input;
        };
        element.fields = {
          number: field('Card number', 'cardnumber', '1234 1234 1234 1234'),
          expiry: field('Expiration', 'exp-date', 'MM / YY'),
          cvc: field('Security code', 'cvc', 'CVC'),
        };
        node.setAttribute('data-stripe-stand-in', 'payment');
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(name: string, handler: Handler) {
        (handlers[name] ??= []).push(handler);
        return element;
      },
      off(name: string, handler?: Handler) {
        handlers[name] = handler ? (handlers[name] ?? []).filter((h) => h !== handler) : [];
        return element;
      },
      once(name: string, handler: Handler) {
        return element.on(name, handler);
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      collapse() {},
      unmount() {},
      destroy() {
        element.fields = null;
      },
    };
    return element;
  }

  function Stripe(publishableKey: string) {
    if (!/^pk_/.test(publishableKey)) throw new Error('IntegrationError: Invalid API Key provided.');
    const created: Array<ReturnType<typeof createElement>> = [];
    const post = async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      return { ok: res.ok, body: await res.json() };
    };
    const stripe = {
      elements(options: { clientSecret?: string } = {}) {
        return {
          clientSecret: options.clientSecret,
          create(type: string) {
            const element = createElement(type);
            created.push(element);
            return element;
          },
          getElement(type: string) {
            return created.find((e) => e.type === type && e.fields) ?? null;
          },
          update() {},
          async fetchUpdates() {
            return {};
          },
          async submit() {
            const fields = created.find((e) => e.fields)?.fields;
            if (!fields) return { error: { type: 'validation_error', message: 'The payment form is not mounted.' } };
            if (!fields.number.value.trim())
              return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
            if (!/^\d{2}\s*\/\s*\d{2}$/.test(fields.expiry.value.trim()))
              return {
                error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
              };
            if (!/^\d{3,4}$/.test(fields.cvc.value.trim()))
              return { error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
            return {};
          },
        };
      },
      async confirmPayment(args: {
        elements: { clientSecret?: string; getElement(t: string): ReturnType<typeof createElement> | null };
        clientSecret?: string;
      }) {
        const secret = args.clientSecret ?? args.elements.clientSecret;
        const fields = args.elements.getElement('payment')?.fields;
        if (!secret || !fields)
          return {
            error: {
              type: 'invalid_request_error',
              message: 'IntegrationError: confirmPayment needs a mounted Payment Element and a client secret.',
            },
          };
        const id = secret.split('_secret_')[0];
        const { ok, body } = await post(`/v1/payment_intents/${id}/confirm`, {
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': fields.number.value,
        });
        return ok ? { paymentIntent: body } : { error: body.error };
      },
      async retrievePaymentIntent(secret: string) {
        const id = secret.split('_secret_')[0];
        const res = await fetch(`${apiUrl}/v1/payment_intents/${id}`, { headers: { authorization: `Bearer ${publishableKey}` } });
        return { paymentIntent: await res.json() };
      },
      // Present because @stripe/react-stripe-js checks for them (isStripe); unused by the card tab.
      createToken: async () => ({ error: { message: 'not supported' } }),
      createPaymentMethod: async () => ({ error: { message: 'not supported' } }),
      confirmCardPayment: async () => ({ error: { message: 'not supported' } }),
      _registerWrapper() {},
      registerAppInfo() {},
    };
    return stripe;
  }
  (Stripe as unknown as { version: string }).version = 'endive';
  (window as unknown as { Stripe: unknown }).Stripe = Stripe;
}
