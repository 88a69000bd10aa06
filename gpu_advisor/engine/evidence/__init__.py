"""What the vendors' test results show: expectations from the plan, each measurement judged, measured MFU, and the weighted scoring of the vendors."""
