import type { EntryPageProps } from '@canopy/web';
import { stringsField, textField, titleOf } from '../content/fields.js';
import type { PersonEntry } from '../content/generated/content-types.js';
import { imageOf } from '../content/images.js';
import { mailto } from '../content/person.js';
import { useText } from '../messages/words.js';
import { Image } from './Image.js';
import { Prose } from './Prose.js';
import { TagList } from './TagList.js';

/** A staff profile: photo, name, job title and department, email, biography and expertise. */
export function PersonPage({ entry }: EntryPageProps<PersonEntry>) {
  const text = useText();
  if (!entry) return null;
  const photo = imageOf(entry.photo);
  const email = textField(entry, 'email');
  const emailLink = mailto(email);
  const department = textField(entry, 'department');
  const bio = textField(entry, 'bio');
  const expertise = stringsField(entry, 'expertise');
  return (
    <article className="person-page">
      <header className="page-header person-header">
        {photo ? <Image image={photo} priority className="person-photo" /> : null}
        <div>
          <h1>{titleOf(entry)}</h1>
          {textField(entry, 'jobTitle') ? <p className="lead">{textField(entry, 'jobTitle')}</p> : null}
          {department ? <p className="person-department">{department}</p> : null}
          {email && emailLink ? (
            <p className="person-contact">
              {text('Email')} <a href={emailLink}>{email}</a>
            </p>
          ) : null}
        </div>
      </header>
      {bio ? (
        <section aria-labelledby="person-biography">
          <h2 id="person-biography">{text('Biography')}</h2>
          <Prose html={bio} />
        </section>
      ) : null}
      {expertise.length ? (
        <section aria-labelledby="person-expertise">
          <h2 id="person-expertise">{text('Expertise')}</h2>
          <TagList tags={expertise} label={text('Areas of expertise')} />
        </section>
      ) : null}
    </article>
  );
}
