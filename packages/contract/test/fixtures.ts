/** A valid membership application, shared by the contract and API tests. */
export const validAddress = {
  streetAddress: '12 Liberty Street',
  stAddressLine2: '',
  city: 'New York',
  state: 'NY',
  postalCode: '10005',
  country: 'United States',
};
export const validGpa = {
  name: { prefix: 'Mr', firstName: 'Ada', middleName: '', lastName: 'Lovelace', suffix: '' },
  primaryEmail: 'ada@example.com',
  secondaryEmail: '',
  primaryPhone: { countryCode: '+1', areaCode: '212', remNumber: '5550142' },
  physicalAddress: validAddress,
  mailingAddress: validAddress,
  registrationDate: '2026-11-21',
};
