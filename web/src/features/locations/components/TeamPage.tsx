import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import type { TeamMember } from '../../../lib/types';
import { useLocation } from '../api/getLocations';
import type { EmailUsForm } from './LocationCard';
import LocationPage from './LocationPage';
import './TeamPage.css';

/** initials are a member's initials, shown where there is no photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/**
 * TeamPage is /teams/{location slug} (spec 001 §2 "Team page", issue 33): the
 * location's team (name, role, photo) where the tenant lists one, and the
 * location page otherwise, as the route always showed.
 */
export default function TeamPage({ emailUs }: { emailUs?: EmailUsForm }) {
  const { slug = '' } = useParams();
  const state = useLocation(slug);
  const location = state.status === 'ready' ? state.data.location : undefined;
  const team = location?.team ?? [];
  useDocumentTitle(location && team.length > 0 ? `${location.name} team` : 'Location');
  if (state.status === 'loading') return <p role="status">Loading location…</p>;
  // The answer goes along: the location page does not fetch it again (issue 34).
  if (!location || team.length === 0) return <LocationPage emailUs={emailUs} team slug={slug} page={state.status === 'ready' ? state.data : undefined} />;
  return (
    <div className="team-page">
      <h1>Meet the {location.name} team</h1>
      <ul className="team-page__list" aria-label={`${location.name} team`}>
        {team.map((m, i) => (
          <li key={`${m.name}-${i}`} className="team-page__member">
            <Portrait member={m} />
            <h2 className="team-page__name">{m.name}</h2>
            {m.role ? <p className="team-page__role">{m.role}</p> : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to={location.view_path || `/locations/${location.slug}`}>Visit {location.name}</Link>
      </p>
    </div>
  );
}

function Portrait({ member }: { member: TeamMember }) {
  if (member.photo?.url) {
    return <img className="team-page__photo" src={member.photo.url} alt={member.name} width={160} height={160} loading="lazy" />;
  }
  return (
    <span className="team-page__photo team-page__photo--initials" aria-hidden="true">
      {initials(member.name)}
    </span>
  );
}
