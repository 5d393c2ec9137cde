/** English messages of the offers section on an establishment's and an event's page. */
const relatedOffers = {
  resources: {
    offers: {
      related: {
        title: 'Offers',
        tab: 'Offers',
        none: 'No offers yet.',
        create: 'New offer',
        more: 'and %{smart_count} more on the offers page |||| and %{smart_count} more on the offers page',
        loadError: 'The offers could not be loaded.',
      },
    },
  },
};

export default relatedOffers;
