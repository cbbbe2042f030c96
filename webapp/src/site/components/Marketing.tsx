import type { ReactNode } from 'react';

/** The opening band of the home and landing pages: what the page offers and its buttons (`actions`), then `children` (the home's figures). */
export function Hero(props: { eyebrow: string; title: string; text: string; actions: ReactNode; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <p className="eyebrow">{props.eyebrow}</p>
        <h1>{props.title}</h1>
        <p className="hero-text">{props.text}</p>
        <div className="btn-row">{props.actions}</div>
        {props.children}
      </div>
    </section>
  );
}

/** A titled band of the home and landing pages (`soft`: the tinted one). */
export function MarketingSection(props: { id?: string; headingId: string; title: string; soft?: boolean; children: ReactNode }) {
  return (
    <section id={props.id} className={props.soft ? 'section section-soft' : 'section'} aria-labelledby={props.headingId}>
      <div className="container">
        <h2 id={props.headingId} className="section-title">
          {props.title}
        </h2>
        {props.children}
      </div>
    </section>
  );
}

export interface FeatureCard {
  icon: string;
  title: string;
  body: string;
}

/** The cards of what the service offers, each with its icon. */
export function FeatureCards({ cards, className }: { cards: FeatureCard[]; className?: string }) {
  return (
    <ul className={className ? `features ${className}` : 'features'}>
      {cards.map((card) => (
        <li key={card.title}>
          <span className="feature-icon" aria-hidden="true">
            {card.icon}
          </span>
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </li>
      ))}
    </ul>
  );
}
