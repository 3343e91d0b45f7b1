/**
 * The people behind the seed profiles, one per line:
 * name | role | track | market | city | years of experience | rating | reviews | availability | hours/week | flags
 * Flags: `hidden` (not indexable), `inactive`. Everything else is derived in generate-seed.ts.
 */
export const PEOPLE = `
Priya Raghavan|pm|pm-web|IN|Bengaluru|12|4.9|214|available|40|
Arjun Mehta|pm|pm-mobile|IN|Pune|9|4.7|131|available|30|
Sneha Kulkarni|pm|pm-data|IN|Pune|11|4.8|96|limited|20|
Rahul Iyer|pm|pm-cloud|IN|Chennai|14|4.6|188|available|40|
Ananya Das|pm|pm-web|IN|Kolkata|7|4.5|64|available|35|
Vikram Singh Rathore|pm|pm-security|IN|Jaipur|15|4.8|77|limited|15|
Kavya Nair|pm|pm-web|IN|Kochi|8|4.4|52|unavailable|0|hidden
Omar Al Hashimi|pm|pm-cloud|AE|Dubai|16|4.9|143|limited|20|
Fatima Al Mansoori|pm|pm-data|AE|Abu Dhabi|10|4.7|58|available|40|
Layla Haddad|pm|pm-mobile|AE|Dubai|8|4.6|71|available|30|
Sameer Patel|pm|pm-web|AE|Dubai|13|4.3|119|available|40|inactive
Jonas Becker|pm|pm-cloud|DE|Berlin|12|4.8|102|available|32|
Lena Hoffmann|pm|pm-web|DE|Munich|9|4.9|67|limited|16|
Hannah Keller|pm|pm-security|DE|Stuttgart|11|4.7|45|available|40|
Tobias Neumann|pm|pm-data|DE|Leipzig|6|4.2|23|unavailable|0|
Emily Carter|pm|pm-web|US|Austin|10|4.8|156|available|40|
Marcus Johnson|pm|pm-cloud|US|Atlanta|17|4.7|201|limited|20|
Rachel Goldberg|pm|pm-mobile|US|New York|12|4.9|88|available|25|
Tyler Brooks|pm|pm-security|US|Denver|9|4.5|39|available|40|hidden
Chloe Nguyen|pm|pm-data|AU|Melbourne|8|4.8|74|available|38|
Jack Thompson|pm|pm-mobile|AU|Brisbane|11|4.6|93|limited|20|
Grace Walker|pm|pm-cloud|AU|Hobart|7|4.4|31|available|30|inactive
Siddharth Rao|resource|frontend|IN|Hyderabad|6|4.7|58|available|40|
Pooja Sharma|resource|backend|IN|Gurugram|8|4.8|73|available|40|
Aditya Banerjee|resource|mobile|IN|Kolkata|5|4.5|41|limited|20|
Lakshmi Venkatesh|resource|data|IN|Bengaluru|9|4.9|66|available|35|
Farhan Qureshi|resource|devops|IN|Hyderabad|7|4.6|49|available|40|
Neha Joshi|resource|qa|IN|Ahmedabad|6|4.6|37|available|40|
Karthik Subramanian|resource|backend|IN|Coimbatore|10|4.7|84|unavailable|0|
Nikhil Agarwal|resource|ecommerce|IN|Noida|7|4.4|29|available|30|
Ritu Bhatia|resource|design|IN|Indore|5|4.5|22|available|40|hidden
Youssef Nasser|resource|mobile|AE|Sharjah|8|4.6|44|available|40|
Aisha Rahman|resource|frontend|AE|Abu Dhabi|6|4.8|51|limited|24|
Hassan Al Amiri|resource|devops|AE|Dubai|9|4.5|38|available|40|inactive
Maximilian Wagner|resource|backend|DE|Hamburg|11|4.8|62|available|40|
Sophie Schulz|resource|design|DE|Cologne|7|4.7|48|limited|20|
Elif Yilmaz|resource|frontend|DE|Berlin|8|4.9|57|available|32|
Moritz Braun|resource|qa|DE|Dresden|6|4.3|19|available|40|
Sofia Ramirez|resource|mobile|US|San Diego|7|4.7|63|available|40|
Jamal Washington|resource|devops|US|Chicago|10|4.8|71|limited|16|
Priyanka Reddy|resource|data|US|Dallas|6|4.6|34|available|40|
Liam O'Connor|resource|backend|AU|Sydney|9|4.6|47|available|38|
Noah Patel|resource|frontend|AU|Perth|4|4.2|15|available|40|hidden
Ruby Anderson|resource|ecommerce|AU|Perth|6|4.5|26|unavailable|0|inactive
Meera Krishnan|expert|ml|IN|Chennai|13|4.9|92|limited|12|
Rohan Deshpande|expert|security|IN|Mumbai|15|4.8|68|available|20|
Divya Hegde|expert|design|IN|Mangaluru|10|4.7|54|available|25|
Manoj Pillai|expert|devops|IN|Thiruvananthapuram|14|4.8|81|limited|10|
Ishita Malhotra|expert|frontend|IN|New Delhi|11|4.6|47|available|20|
Harpreet Kaur|expert|data|IN|Chandigarh|12|4.7|39|available|15|
Shreya Menon|expert|ml|IN|Bengaluru|8|4.5|27|available|30|hidden
Abhishek Tiwari|expert|backend|IN|Lucknow|13|4.4|33|unavailable|0|inactive
Mariam Al Suwaidi|expert|security|AE|Dubai|12|4.9|41|limited|8|
Rashid Khan|expert|ecommerce|AE|Dubai|11|4.6|36|available|20|
Nadia Farouk|expert|ml|AE|Dubai|9|4.7|22|available|25|
Felix Richter|expert|backend|DE|Frankfurt|16|4.9|75|limited|12|
Katarzyna Nowak|expert|qa|DE|Berlin|12|4.7|31|available|20|
Julian Fischer|expert|devops|DE|Düsseldorf|13|4.6|42|available|24|
Anna Schmidt|expert|data|DE|Munich|10|4.8|29|unavailable|0|hidden
Daniel Kim|expert|mobile|US|Seattle|14|4.9|97|limited|10|
Olivia Chen|expert|ml|US|San Francisco|11|4.8|64|available|20|
Kevin O'Brien|expert|security|US|Boston|18|4.7|58|available|16|
Isabella Rossi|expert|design|AU|Adelaide|9|4.8|35|available|20|
Mia Zhang|expert|frontend|AU|Sydney|10|4.7|44|limited|12|
Ethan Murphy|expert|devops|AU|Canberra|12|4.5|28|available|30|
`;
