import { type Entry, Link } from '@canopy/web';
import { pathOf, textField, titleOf } from '../content/fields.js';
import { imageOf } from '../content/images.js';
import { Image } from './Image.js';

/** A person in brief (photo, name linking to their profile, job title), e.g. an article's author. */
export function PersonCard({ person }: { person: Entry }) {
  const photo = imageOf(person.photo);
  const path = pathOf(person);
  const name = titleOf(person);
  return (
    <div className="person-card">
      {/* The name is next to it, so the portrait adds nothing for a screen reader. */}
      {photo ? <Image image={photo} decorative className="person-card-photo" sizes="4.5rem" /> : null}
      <div>
        <p className="person-card-name">{path ? <Link to={path}>{name}</Link> : name}</p>
        {textField(person, 'jobTitle') ? (
          <p className="person-card-role">{textField(person, 'jobTitle')}</p>
        ) : null}
      </div>
    </div>
  );
}
