/**
 * The demo's pages words in English (plain words, no values: see en-GB.ts), merged into the
 * reference catalogue. The Welsh ones are in pages.cy.ts, with the same keys. Besides the
 * pages' own words: the names of weekdays and the words of times dates are written with
 * (dates.ts), the course lengths the demo has, and the booking form's messages. Words the
 * search catalogue has already (study levels and modes, categories: the content's choice
 * values, the same in every variation of an entry; section headings) are not repeated here:
 * a page's words are filed by their English, so each may be a message once.
 */
export const pagesMessages = {
  'pages.course.overview': 'Course overview',
  'pages.course.keyFacts': 'Key facts',
  'pages.course.level': 'Level',
  'pages.course.studyMode': 'Study mode',
  'pages.course.duration': 'Duration',
  'pages.course.starts': 'Starts',
  'pages.course.code': 'Course code',
  'pages.course.openDay': 'Visit us at an open day',

  // Course lengths as formatDuration writes them, whole: Welsh numerals change the noun after them.
  'pages.duration.6months': '6 months',
  'pages.duration.1year': '1 year',
  'pages.duration.18months': '18 months',
  'pages.duration.2years': '2 years',
  'pages.duration.2.5years': '2.5 years',
  'pages.duration.3years': '3 years',
  'pages.duration.3.5years': '3.5 years',
  'pages.duration.4years': '4 years',
  'pages.duration.5years': '5 years',
  'pages.duration.6years': '6 years',

  'date.weekday.0': 'Sunday',
  'date.weekday.1': 'Monday',
  'date.weekday.2': 'Tuesday',
  'date.weekday.3': 'Wednesday',
  'date.weekday.4': 'Thursday',
  'date.weekday.5': 'Friday',
  'date.weekday.6': 'Saturday',
  'date.am': 'am',
  'date.pm': 'pm',
  'date.to': 'to',

  'pages.home.inTheNews': 'In the news',
  'pages.home.filmNight': 'Film night at the students’ union',
  'pages.home.filmNightText':
    'This term’s opening screening: Big Buck Bunny, the Blender Foundation’s open film (CC BY 3.0).',
  'pages.home.filmTitle': 'Big Buck Bunny (Blender Foundation)',
  'pages.home.filmConsent':
    '“Big Buck Bunny (Blender Foundation)” is played by YouTube, which sets marketing cookies. Allow them to watch it here.',
  'pages.home.findACourse': 'Find a course',
  'pages.home.searchLabel': 'Search for a course, a person or a story',

  'pages.event.about': 'About this event',
  'pages.event.details': 'Event details',
  'pages.event.where': 'Where',
  'pages.event.map': 'View on OpenStreetMap',
  'pages.event.anotherWebsite': 'another website',
  'pages.event.booking': 'Booking',
  'pages.event.type': 'Type of event',
  'pages.event.bookingRequired': 'Booking required: places are limited',
  'pages.event.noBooking': 'No booking needed',
  'pages.event.bookAPlace': 'Book a place',
  'pages.event.past': 'Past event',

  'pages.news.tags': 'Tags',
  'pages.news.aboutStory': 'About this story',
  'pages.news.writtenBy': 'Written by',

  'pages.person.biography': 'Biography',
  'pages.person.expertise': 'Expertise',
  'pages.person.areas': 'Areas of expertise',

  'pages.section.showing.courses':
    'Showing {first} to {last} of {total, plural, one {# course} other {# courses}}',
  'pages.section.showing.articles':
    'Showing {first} to {last} of {total, plural, one {# article} other {# articles}}',
  'pages.section.showing.people':
    'Showing {first} to {last} of {total, plural, one {# person} other {# people}}',
  'pages.section.showing.pages': 'Showing {first} to {last} of {total, plural, one {# page} other {# pages}}',
  'pages.section.inThisSection': 'In this section',

  'booking.backTo': 'Back to {title}',
  'booking.at': 'at',
  'booking.heading': 'Book a place: {title}',
  'booking.bookingOf': 'Booking: {title}',
  'booking.booked': '{places, plural, one {Your place} other {# places}} at {title}',
  'booking.upTo': 'Up to 4 places, including yourself.',
  'booking.sent': 'We have sent a confirmation email to',
  'booking.lead': 'Places are limited: book before you come.',
  'booking.noNeed': 'You do not need to book for this event: just come along.',
  'booking.over': 'This event has finished, so it can no longer be booked.',
  'booking.fullName': 'Full name',
  'booking.emailHint': 'We will send your booking confirmation to this address.',
  'booking.places': 'Number of places',
  'booking.sending': 'Booking your place…',
  'booking.submit': 'Book your place',
  'booking.confirmed': 'Booking confirmed',
  'booking.ifBooked': 'If you have booked a place, your confirmation is in your email.',
  'booking.ifYouCannotCome': 'If you cannot come',
  'booking.reply': 'Reply to the confirmation email, so that we can give your place to someone else.',
  'booking.required.name': 'Enter your full name',
  'booking.tooLong.name': 'Your name must be 100 characters or fewer',
  'booking.required.email': 'Enter your email address',
  'booking.invalid.email': 'Enter an email address in the correct format, like name@example.com',
  'booking.tooLong.email': 'Your email address must be 254 characters or fewer',
  'booking.required.places': 'Enter how many places you need',
  'booking.invalid.places': 'Number of places must be a whole number from 1 to 4',
  'booking.required.event': 'Choose the event to book from its page',
  'booking.notFound': 'We could not find this event. It may have been cancelled or moved.',
  'booking.unavailable': 'Sorry, we could not take your booking just now. Try again in a few minutes.',
  'booking.tooMany': 'You have sent the form too many times. Wait a minute, then try again.',
} as const;
