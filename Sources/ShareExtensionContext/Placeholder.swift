import Requests
