/** How to reach the (fictional) university. Numbers are in Ofcom's range reserved for drama. */
export const CONTACT = {
  address: ['Penlan Campus', 'Aberwen', 'Cardigan Bay, Wales'],
  phone: { text: '01632 960 000', href: 'tel:+441632960000' },
  email: 'enquiries@aberwen.ac.example',
} as const;
