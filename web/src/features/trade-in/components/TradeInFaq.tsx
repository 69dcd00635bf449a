/** FAQ is the trade-in FAQ of spec 001 §9 "Trade-in and policy text". */
const FAQ = [
  {
    q: 'Can I get an online estimate for any car?',
    a: 'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km. Send us your details and the dealership will be in touch.',
  },
  {
    q: 'Is the estimate a firm offer?',
    a: 'No. Estimates are indicative only and subject to an inspection of your car.',
  },
];

/** TradeInFaq shows each answer in a disclosure (details/summary: keyboard and screen-reader operable). */
export function TradeInFaq() {
  return (
    <section className="trade-in__faq" aria-labelledby="trade-in-faq">
      <h2 id="trade-in-faq">Trade-in FAQ</h2>
      {FAQ.map((f) => (
        <details key={f.q}>
          <summary>{f.q}</summary>
          <p>{f.a}</p>
        </details>
      ))}
    </section>
  );
}
